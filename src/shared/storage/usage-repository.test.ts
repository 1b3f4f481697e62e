import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleBundleContents } from '../bundle/bundle-fixtures.ts';
import { BundleRepository } from './bundle-repository.ts';
import { SandpiperDatabase } from './db.ts';
import { PreviewStorageRepository } from './preview-storage-repository.ts';
import { UsageRepository } from './usage-repository.ts';
import { WorkspaceHistory } from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

describe('UsageRepository', () => {
  it('sums history and workspace bytes per conversation, largest first, and clears a workspace alone', async () => {
    database = new SandpiperDatabase(`usage-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const bundles = new BundleRepository(database);
    const big = sampleBundleContents('big');
    big.files.push({
      path: 'data.bin',
      kind: 'file',
      size: 5000,
      modifiedAt: 1,
      content: new Uint8Array(5000),
    });
    await bundles.importAsNew(sampleBundleContents('small'), 'small', 1, 1e6);
    await bundles.importAsNew(big, 'big', 1, 1e6);
    const usage = new UsageRepository(database);
    const [first, second] = await usage.byConversation();
    expect(first).toMatchObject({ conversationId: 'big', workspaceBytes: 5015 });
    expect(second).toMatchObject({ conversationId: 'small', workspaceBytes: 15 });
    expect(first?.historyBytes).toBeGreaterThan(300);
    expect(first).toMatchObject({ checkpointBytes: 0, checkpoints: 0, stepCheckpoints: 0 });
    // A change keeps the replaced 5,000 bytes in the history: the checkpoints' cost, apart from the workspace.
    const smaller = {
      conversationId: 'big',
      path: 'data.bin',
      kind: 'file' as const,
      size: 10,
      modifiedAt: 2,
    };
    await new WorkspaceRepository(database).apply(
      'big',
      { writes: [{ ...smaller, content: new Uint8Array(10) }], deletes: [] },
      1e6,
    );
    const history = new WorkspaceHistory(database);
    await history.checkpoint('big', 7, { uuid: 'step' });
    await history.checkpoint('big', 8);
    // A sub-agent's step, in its parent's workspace: pruned with it.
    await history.checkpoint('small', 9, { uuid: 'sub-step', workspaceId: 'big' });
    const changed = await usage.byConversation();
    const measured = changed.find((entry) => entry.conversationId === 'big');
    expect(measured).toMatchObject({ workspaceBytes: 15 + 10, checkpoints: 2, stepCheckpoints: 2 });
    const rowBytes = [
      ...(await database.fileChanges.where('conversationId').equals('big').toArray()),
      ...(await database.checkpoints.where('conversationId').equals('big').toArray()),
    ].reduce((sum, row) => sum + JSON.stringify(row).length, 0);
    expect(measured?.checkpointBytes).toBe(5000 + rowBytes);
    expect(changed.find((entry) => entry.conversationId === 'small')).toMatchObject({
      checkpoints: 1,
      stepCheckpoints: 0,
    });
    const previews = new PreviewStorageRepository(database);
    await previews.save('big', 'site', 'local', '[["a","1"]]', 1);
    await usage.clearWorkspace('big');
    expect(await previews.site('big', 'site')).toEqual([]);
    const after = await usage.byConversation();
    expect(after.find((entry) => entry.conversationId === 'big')).toMatchObject({
      workspaceBytes: 0,
      checkpointBytes: 0,
      checkpoints: 0,
    });
    expect((await bundles.read('big'))?.events).toHaveLength(2);
  });
});

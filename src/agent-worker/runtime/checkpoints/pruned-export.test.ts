import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import type { EventBody } from '@/shared/protocol/events.ts';
import { BundleRepository } from '@/shared/storage/bundle-repository.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { pruneHistory } from '@/shared/storage/history-pruning.ts';
import { fileEntry } from '@/shared/storage/workspace-fixtures.ts';
import { WorkspaceHistory } from '@/shared/storage/workspace-history.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { Journal } from '../../engine/journal.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const envelope = (uuid: string, status: 'running' | 'success'): EventBody => ({
  type: 'envelope',
  envelope: { uuid, status, content: status, meta: { action_type: 'shell.exec', tool: 'shell' } },
  toolCallId: `call-${uuid}`,
});

it('keeps every kept checkpoint at a change that still exists, so a pruned conversation exports with its history', async () => {
  database = new SandpiperDatabase(`pruned-export-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const journal = new Journal(database, () => undefined);
  const workspace = new WorkspaceRepository(database);
  await journal.createConversation(
    { id: 'c', title: 'Task', status: 'running', createdAt: 1, updatedAt: 1, profileId: 'manus' },
    [{ type: 'user_message', text: 'Task' }],
  );
  await journal.append('c', [envelope('a1', 'running')]);
  await workspace.apply('c', { writes: [fileEntry('kept.txt', 'one')], deletes: [] }, 1_000_000);
  await journal.append('c', [envelope('a1', 'success')]);
  // A file made and removed just before the next message: its changes fold away, the message's checkpoint pointed at the last.
  await journal.append('c', [envelope('a2', 'running')]);
  await workspace.apply('c', { writes: [fileEntry('tmp.txt', 'scratch')], deletes: [] }, 1_000_000);
  await workspace.apply('c', { writes: [], deletes: ['tmp.txt'] }, 1_000_000);
  await journal.append('c', [envelope('a2', 'success'), { type: 'user_message', text: 'Again' }], {
    conversation: { status: 'idle' },
  });
  await pruneHistory(database, 'c');
  const history = new WorkspaceHistory(database);
  const revs = new Set(
    (await history.changesBetween('c', 0, Number.MAX_SAFE_INTEGER)).map((change) => change.rev),
  );
  for (const checkpoint of await history.checkpoints('c'))
    expect(checkpoint.rev === 0 || revs.has(checkpoint.rev), `checkpoint ${checkpoint.seq}`).toBe(true);
  const exported = await new BundleRepository(database).read('c');
  expect(exported?.history?.checkpoints.map(({ seq }) => seq)).toEqual([0, 5]);
});

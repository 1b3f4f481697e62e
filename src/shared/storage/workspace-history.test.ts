import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ConversationRepository } from './conversation-repository.ts';
import { SandpiperDatabase } from './db.ts';
import { fileEntry, folderEntry, textBytes } from './workspace-fixtures.ts';
import { contentHash, foldChanges, WorkspaceHistory } from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

const database = () => new SandpiperDatabase(`history-${randomUUID()}`, { indexedDB, IDBKeyRange });
const [bytes, file, folder] = [textBytes, fileEntry, folderEntry];
const entry = (text: string) => ({
  kind: 'file',
  hash: contentHash(bytes(text)),
  size: bytes(text).byteLength,
});

describe('the workspace history', () => {
  it('records every changed path with the same write, and keeps only the bytes a change replaced', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    const history = new WorkspaceHistory(db);
    await workspace.apply('c', { writes: [folder('src'), file('src/a.txt', 'one')], deletes: [] }, 1000);
    await workspace.apply(
      'c',
      { writes: [file('src/a.txt', 'two'), file('b.txt', 'new')], deletes: [] },
      1000,
    );
    // The same bytes again (a sync rewriting an entry of the same millisecond) change nothing.
    await workspace.apply('c', { writes: [file('b.txt', 'new')], deletes: [] }, 1000);
    await workspace.apply('c', { writes: [], deletes: ['b.txt'] }, 1000);
    const changes = await history.changesBetween('c', 0, await history.latestRev('c'));
    expect(changes.map(({ path, before, after }) => [path, before, after])).toEqual([
      ['src', null, { kind: 'directory' }],
      ['src/a.txt', null, entry('one')],
      ['src/a.txt', entry('one'), entry('two')],
      ['b.txt', null, entry('new')],
      ['b.txt', entry('new'), null],
    ]);
    // The replaced versions, each once; the current bytes stay in `files` only.
    const blobs = await db.blobs.toArray();
    expect(blobs.map((blob) => blob.hash).sort()).toEqual([entry('new').hash, entry('one').hash].sort());
    db.close();
  });

  it('records nothing for a write the size limit refuses', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    await workspace.apply('c', { writes: [file('a.txt', '12345')], deletes: [] }, 10);
    await expect(
      workspace.apply('c', { writes: [file('a.txt', '12345678901')], deletes: [] }, 10),
    ).rejects.toThrow();
    expect(await db.fileChanges.count()).toBe(1);
    expect(await db.blobs.count()).toBe(0);
    db.close();
  });

  it('hashes a file written before the history on its first change', async () => {
    const db = database();
    // A row as schema v6 wrote it: no hash.
    await db.files.put({ ...file('old.txt', 'legacy') });
    await new WorkspaceRepository(db).apply('c', { writes: [file('old.txt', 'edited')], deletes: [] }, 1000);
    const [change] = await db.fileChanges.toArray();
    expect(change?.before).toEqual(entry('legacy'));
    expect(await db.blobs.get(['c', entry('legacy').hash])).toMatchObject({ content: bytes('legacy') });
    db.close();
  });

  it('gives a step the changes since the checkpoint before it, one per path', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    const history = new WorkspaceHistory(db);
    await workspace.apply('c', { writes: [file('a.txt', 'one')], deletes: [] }, 1000);
    await history.checkpoint('c', 1);
    await workspace.apply('c', { writes: [file('a.txt', 'two')], deletes: [] }, 1000);
    await workspace.apply('c', { writes: [file('a.txt', 'three'), file('tmp', 'x')], deletes: [] }, 1000);
    await workspace.apply('c', { writes: [], deletes: ['tmp'] }, 1000);
    await history.checkpoint('c', 4);
    await history.checkpoint('c', 6);
    expect(
      (await history.stepChanges('c', 1)).map((change) => [change.path, change.before, change.after]),
    ).toEqual([['a.txt', null, entry('one')]]);
    expect(
      (await history.stepChanges('c', 4)).map((change) => [change.path, change.before, change.after]),
    ).toEqual([['a.txt', entry('one'), entry('three')]]);
    expect(await history.stepChanges('c', 6)).toEqual([]);
    expect(await history.stepChanges('c', 99)).toEqual([]);
    expect(foldChanges([])).toEqual([]);
    db.close();
  });

  it('goes with its conversation when the conversation is deleted', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    await workspace.apply('c', { writes: [file('a.txt', 'one')], deletes: [] }, 1000);
    await workspace.apply('c', { writes: [file('a.txt', 'two')], deletes: [] }, 1000);
    await new WorkspaceHistory(db).checkpoint('c', 1);
    await workspace.apply('d', { writes: [file('a.txt', 'kept', 'd')], deletes: [] }, 1000);
    await new ConversationRepository(db).delete('c');
    expect(await db.fileChanges.where('conversationId').equals('c').count()).toBe(0);
    expect(await db.blobs.where('conversationId').equals('c').count()).toBe(0);
    expect(await db.checkpoints.where('conversationId').equals('c').count()).toBe(0);
    expect(await db.fileChanges.where('conversationId').equals('d').count()).toBe(1);
    db.close();
  });
});

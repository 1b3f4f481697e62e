import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../protocol/workspace.ts';
import { SandpiperDatabase } from './db.ts';
import { foldStretches, previewHistoryPruning, pruneHistory } from './history-pruning.ts';
import { fileEntry, folderEntry, textBytes } from './workspace-fixtures.ts';
import { contentHash, WorkspaceAtCheckpoint, WorkspaceHistory } from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

let db: SandpiperDatabase;
afterEach(() => db?.close());

const open = () => {
  db = new SandpiperDatabase(`pruning-${randomUUID()}`, { indexedDB, IDBKeyRange });
  return db;
};
const [bytes, file, folder] = [textBytes, fileEntry, folderEntry];

/** Writes the workspace of `c` and marks checkpoints, as the journal does: steps with a uuid, messages without. */
function recorder(database: SandpiperDatabase, firstSeq = 0) {
  const workspace = new WorkspaceRepository(database);
  const history = new WorkspaceHistory(database);
  let seq = firstSeq;
  return {
    write: (writes: WorkspaceFile[], deletes: string[] = []) =>
      workspace.apply('c', { writes, deletes }, 1e9),
    step: (conversationId = 'c') =>
      history.checkpoint(conversationId, seq++, {
        uuid: randomUUID(),
        ...(conversationId === 'c' ? {} : { workspaceId: 'c' }),
      }),
    message: (conversationId = 'c') =>
      history.checkpoint(conversationId, seq++, conversationId === 'c' ? {} : { workspaceId: 'c' }),
  };
}

/** Every kept checkpoint's workspace (paths, hashes, bytes as text), by conversation and seq. */
async function workspacesAtMessages(database: SandpiperDatabase): Promise<Record<string, unknown>> {
  const reader = new WorkspaceAtCheckpoint(database);
  const history = new WorkspaceHistory(database);
  const result: Record<string, unknown> = {};
  for (const conversationId of ['c', 'sub'])
    for (const checkpoint of await history.checkpoints(conversationId)) {
      if (checkpoint.uuid) continue;
      const entries = await reader.entries(conversationId, checkpoint.seq);
      result[`${conversationId}@${checkpoint.seq}`] = entries?.map(({ path, entry, content }) => [
        path,
        entry.kind === 'file' ? entry.hash : 'directory',
        new TextDecoder().decode(content),
      ]);
    }
  return result;
}

/** How many paths each step (by uuid) changed, steps that changed none left out. */
async function changedBySteps(database: SandpiperDatabase, conversationId: string) {
  const history = new WorkspaceHistory(database);
  const counts: Record<string, number> = {};
  for (const { uuid } of await history.checkpoints(conversationId)) {
    if (!uuid) continue;
    const changes = await history.stepChanges(conversationId, { uuid });
    if (changes.length > 0) counts[uuid] = changes.length;
  }
  return counts;
}

async function blobBytes(database: SandpiperDatabase): Promise<Map<string, number>> {
  const rows = await database.blobs.toArray();
  return new Map(rows.map((row) => [row.hash as string, (row.content as Uint8Array).byteLength]));
}

/** A history with many versions of the same files, deletes, moves and folders, a sub-agent's steps among them. */
async function buildHistory(database: SandpiperDatabase): Promise<void> {
  const { write, step, message } = recorder(database);
  await write([file('notes.md', 'v0')]);
  await message();
  await write([folder('src'), file('src/app.js', 'app 1')]);
  await step();
  await write([file('src/app.js', 'app 2'), file('notes.md', 'v1')]);
  await write([file('src/app.js', 'app 3')]);
  await step();
  // A move: the old path deleted, the new one written.
  await write([file('src/main.js', 'app 3')], ['src/app.js']);
  await step();
  await write([file('tmp.txt', 'scratch')]);
  await write([], ['tmp.txt']);
  await step();
  await message();
  // A sub-agent working in this workspace, with its own task message and steps.
  await write([file('notes.md', 'v1 for the sub-agent')]);
  await message('sub');
  await write([file('notes.md', 'v2'), folder('docs'), file('docs/a.md', 'a1')]);
  await step('sub');
  await write([file('docs/a.md', 'a2'), file('notes.md', 'v0')]);
  await step('sub');
  await step();
  await write([file('notes.md', 'v3')], ['docs/a.md', 'docs']);
  await step();
  // A step that puts a file back as it was.
  await write([file('notes.md', 'v0')]);
  await step();
  await message();
  await write([file('src/main.js', 'app 4'), file('late.txt', 'after the last message')]);
  await step();
}

describe('pruning the workspace history', () => {
  it('keeps every message checkpoint’s workspace exactly, drops the steps’ checkpoints and frees the unreached versions', async () => {
    const database = open();
    await buildHistory(database);
    const before = await workspacesAtMessages(database);
    const filesBefore = await database.files.toArray();
    const blobsBefore = await blobBytes(database);
    const changesBefore = await database.fileChanges.count();
    expect(Object.keys(before)).toHaveLength(4);
    expect(Object.keys(await changedBySteps(database, 'c'))).toHaveLength(7);

    const preview = await previewHistoryPruning(database, 'c');
    expect(await database.fileChanges.count()).toBe(changesBefore);
    const outcome = await pruneHistory(database, 'c');
    expect(outcome).toEqual(preview);
    expect(outcome).toMatchObject({ steps: 10, keptCheckpoints: 3, conversationIds: ['c', 'sub'] });

    expect(await workspacesAtMessages(database)).toEqual(before);
    expect(await database.files.toArray()).toEqual(filesBefore);
    const checkpoints = await database.checkpoints.toArray();
    expect(checkpoints.filter((row) => row.uuid !== undefined)).toEqual([]);
    expect(checkpoints).toHaveLength(4);
    // What the freed figure says is exactly the bytes of the versions dropped.
    const blobsAfter = await blobBytes(database);
    const dropped = [...blobsBefore].filter(([hash]) => !blobsAfter.has(hash));
    expect(dropped.length).toBeGreaterThan(0);
    expect(outcome.freedBytes).toBe(dropped.reduce((sum, [, size]) => sum + size, 0));
    expect(outcome.droppedChanges).toBe(changesBefore - (await database.fileChanges.count()));
    expect(outcome.freedRowBytes).toBeGreaterThan(0);
    // One change per path between two messages; none for what a stretch made and removed (the
    // scratch file, the sub-agent's docs, the moved file's old path).
    const remaining = await database.fileChanges.toArray();
    expect(remaining.map((row) => row.path)).toEqual([
      'notes.md',
      'src',
      'notes.md',
      'src/main.js',
      // Before and after the sub-agent's task message: its checkpoint is a boundary too.
      'notes.md',
      'notes.md',
      'src/main.js',
      'late.txt',
    ]);
    // No step shows a count any more: its own stretch is gone.
    expect(await changedBySteps(database, 'c')).toEqual({});
    expect(await changedBySteps(database, 'sub')).toEqual({});
  });

  it('changes nothing when pruned again', async () => {
    const database = open();
    await buildHistory(database);
    await pruneHistory(database, 'c');
    const snapshot = async () => ({
      changes: await database.fileChanges.toArray(),
      blobs: await database.blobs.toArray(),
      checkpoints: await database.checkpoints.toArray(),
      files: await database.files.toArray(),
    });
    const once = await snapshot();
    expect(await pruneHistory(database, 'c')).toEqual({
      steps: 0,
      keptCheckpoints: 3,
      droppedChanges: 0,
      freedBytes: 0,
      freedRowBytes: 0,
      conversationIds: ['c'],
    });
    expect(await snapshot()).toEqual(once);
  });

  it('goes on recording after a pruning, each later step with its own changes', async () => {
    const database = open();
    await buildHistory(database);
    await pruneHistory(database, 'c');
    const { write, step, message } = recorder(database, 100);
    const history = new WorkspaceHistory(database);
    // A run starts with a message (or a reply): its checkpoint closes the stretch pruned last.
    await message();
    await step();
    await write([file('notes.md', 'v9')]);
    await step();
    const checkpoints = await history.checkpoints('c');
    const last = checkpoints.at(-1);
    const counts = await changedBySteps(database, 'c');
    expect(Object.values(counts)).toEqual([1]);
    expect(last?.uuid && counts[last.uuid]).toBe(1);
    await message();
    const before = await workspacesAtMessages(database);
    await pruneHistory(database, 'c');
    expect(await workspacesAtMessages(database)).toEqual(before);
  });

  it('keeps every message’s workspace over random histories', async () => {
    // mulberry32: a small seeded generator, so a failure can be replayed.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * below);
    };
    for (let round = 0; round < 6; round += 1) {
      const database = open();
      const { write, step, message } = recorder(database);
      const paths = ['a.txt', 'b.txt', 'dir', 'dir/c.txt', 'd.bin'];
      for (let move = 0; move < 60; move += 1) {
        const path = paths[random(paths.length)] as string;
        const choice = random(10);
        if (choice < 5) await write([path === 'dir' ? folder(path) : file(path, `text ${random(4)}`)]);
        else if (choice < 7) await write([], [path]);
        else if (choice < 9) await step();
        else await message();
      }
      await message();
      const before = await workspacesAtMessages(database);
      const blobsBefore = await blobBytes(database);
      const outcome = await pruneHistory(database, 'c');
      expect(await workspacesAtMessages(database)).toEqual(before);
      const blobsAfter = await blobBytes(database);
      const freed = [...blobsBefore].filter(([hash]) => !blobsAfter.has(hash));
      expect(outcome.freedBytes).toBe(freed.reduce((sum, [, size]) => sum + size, 0));
      database.close();
    }
  });

  it('does nothing for a conversation without history', async () => {
    const database = open();
    expect(await pruneHistory(database, 'none')).toEqual({
      steps: 0,
      keptCheckpoints: 0,
      droppedChanges: 0,
      freedBytes: 0,
      freedRowBytes: 0,
      conversationIds: ['none'],
    });
  });

  it('leaves other workspaces alone', async () => {
    const database = open();
    await buildHistory(database);
    const workspace = new WorkspaceRepository(database);
    const other = (text: string) => file('x.txt', text, 'd');
    await workspace.apply('d', { writes: [other('1')], deletes: [] }, 1e9);
    await workspace.apply('d', { writes: [other('2')], deletes: [] }, 1e9);
    await new WorkspaceHistory(database).checkpoint('d', 0, { uuid: 'u' });
    await pruneHistory(database, 'c');
    expect(await database.fileChanges.where('conversationId').equals('d').count()).toBe(2);
    expect(await database.blobs.get(['d', contentHash(bytes('1'))])).toBeDefined();
    expect(await database.checkpoints.get(['d', 0])).toMatchObject({ uuid: 'u' });
  });
});

describe('folding stretches', () => {
  const entry = (text: string) => ({
    kind: 'file' as const,
    hash: contentHash(bytes(text)),
    size: text.length,
  });
  const change = (rev: number, path: string, before: string | null, after: string | null) => ({
    rev,
    conversationId: 'c',
    path,
    before: before === null ? null : entry(before),
    after: after === null ? null : entry(after),
  });

  it('folds each path within a stretch, never across a boundary', () => {
    const { kept, rewritten } = foldStretches(
      [
        change(1, 'a', null, '1'),
        change(2, 'a', '1', '2'),
        change(3, 'b', null, 'x'),
        change(4, 'a', '2', '3'),
        change(5, 'b', 'x', null),
        change(6, 'a', '3', '1'),
      ],
      [2, 5],
    );
    expect(kept).toEqual([change(2, 'a', null, '2'), change(4, 'a', '2', '3'), change(6, 'a', '3', '1')]);
    expect(rewritten).toEqual([change(2, 'a', null, '2')]);
    expect(foldStretches(kept, [2, 5])).toEqual({ kept, rewritten: [] });
    expect(foldStretches([], [])).toEqual({ kept: [], rewritten: [] });
  });
});

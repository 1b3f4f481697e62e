import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle } from '../bundle/bundle-codec.ts';
import { olderFormatBundle } from '../bundle/bundle-fixtures.ts';
import { type BundleContents, BundleError, type BundleHistory } from '../bundle/bundle-format.ts';
import { blobOf, fileEntry, sampleHistoryContents } from './bundle-history-fixtures.ts';
import { BundleRepository } from './bundle-repository.ts';
import { SandpiperDatabase } from './db.ts';
import { WorkspaceAtCheckpoint, WorkspaceHistory } from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const open = () => {
  database = new SandpiperDatabase(`bundle-history-${randomUUID()}`, { indexedDB, IDBKeyRange });
  return new BundleRepository(database);
};

/** The sample with its history changed by `edit`. */
function withHistory(edit: (history: BundleHistory, contents: BundleContents) => void): BundleContents {
  const contents = sampleHistoryContents('old');
  if (!contents.history) throw new Error('the sample has a history');
  edit(contents.history, contents);
  return contents;
}

/** The refusal of importing `contents`, after checking nothing of it was written. */
async function refusal(contents: BundleContents): Promise<string> {
  const repository = open();
  let message = '';
  try {
    await repository.importAsNew(contents, 'new', 9, 1024 * 1024);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    message = (error as Error).message;
  }
  if (!message) throw new Error('the bundle was accepted');
  for (const table of database.tables) expect(await table.count(), table.name).toBe(0);
  return message;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('a bundle’s workspace history on import', () => {
  it('is written with the rest, renumbered, and reads back as the workspace at each step', async () => {
    const repository = open();
    await repository.importAsNew(
      decodeBundle(encodeBundle(sampleHistoryContents('old'), '0.1.0', 5)),
      'new',
      9,
      1 << 20,
    );
    const history = new WorkspaceHistory(database);
    const latest = await history.latestRev('new');
    const changes = await history.changesBetween('new', 0, latest);
    expect(changes.map(({ path }) => path)).toEqual(
      sampleHistoryContents().history?.changes.map(({ path }) => path),
    );
    // New numbers, in order; each checkpoint at the new number of its change.
    const revs = changes.map(({ rev }) => rev);
    expect(revs).toEqual([...revs].sort((a, b) => a - b));
    expect(await history.checkpoints('new')).toEqual([
      { conversationId: 'new', seq: 0, rev: revs[1] },
      { conversationId: 'new', seq: 1, rev: revs[5], uuid: 'u1' },
    ]);
    const atCheckpoint = new WorkspaceAtCheckpoint(database);
    const first = await atCheckpoint.entries('new', 0);
    expect(first?.map(({ path, content }) => [path, text(content)])).toEqual([
      ['notes', ''],
      ['notes/todo.md', '- milk\n'],
    ]);
    expect((await atCheckpoint.entries('new', 1))?.map(({ path }) => path)).toEqual([
      'logo.png',
      'notes',
      'notes/todo.md',
    ]);
    expect((await history.stepChanges('new', { uuid: 'u1' })).map(({ path }) => path)).toEqual([
      'logo.png',
      'notes/todo.md',
    ]);
    // Files carry their hash, as the workspace writes them, so the history goes on from here.
    const todo = await database.files.get(['new', 'notes/todo.md']);
    expect(todo?.hash).toEqual((fileEntry('- buy milk\n') as { hash: string }).hash);
    await new WorkspaceRepository(database).apply('new', { writes: [], deletes: ['notes/todo.md'] }, 1 << 20);
    expect((await history.changesBetween('new', latest, latest + 100)).map(({ before }) => before)).toEqual([
      fileEntry('- buy milk\n'),
    ]);
  });

  it('exports what it imported: the same changes, checkpoints and kept versions', async () => {
    const repository = open();
    await repository.importAsNew(sampleHistoryContents('old'), 'new', 9, 1 << 20);
    const exported = (await repository.read('new'))?.history;
    const original = sampleHistoryContents().history;
    const withoutRevs = (history?: BundleHistory) => history?.changes.map(({ rev: _rev, ...rest }) => rest);
    expect(withoutRevs(exported)).toEqual(withoutRevs(original));
    expect(exported?.checkpoints.map(({ seq, uuid }) => ({ seq, uuid }))).toEqual(
      original?.checkpoints.map(({ seq, uuid }) => ({ seq, uuid })),
    );
    expect(exported?.blobs.map(({ hash }) => hash).sort()).toEqual(
      original?.blobs.map(({ hash }) => hash).sort(),
    );
  });

  it('takes a replaced version’s bytes from the workspace when it holds the same, without a blob', async () => {
    const contents = withHistory((history) => {
      // The list went back to what it was: the replaced version is today's file.
      history.changes.push({
        rev: 20,
        path: 'notes/todo.md',
        before: fileEntry('- buy milk\n'),
        after: fileEntry('- milk\n'),
      });
      history.changes.push({
        rev: 21,
        path: 'notes/todo.md',
        before: fileEntry('- milk\n'),
        after: fileEntry('- buy milk\n'),
      });
    });
    const repository = open();
    await repository.importAsNew(contents, 'new', 9, 1 << 20);
    const kept = await database.blobs.get(['new', (fileEntry('- buy milk\n') as { hash: string }).hash]);
    expect(text(kept?.content as Uint8Array)).toBe('- buy milk\n');
    // And the export leaves it out: the workspace carries those bytes.
    const exported = await repository.read('new');
    expect(exported?.history?.blobs.map(({ content }) => text(content)).sort()).toEqual([
      '- milk\n',
      'draft',
    ]);
  });

  it('refuses a kept version whose bytes do not hash to its name', async () => {
    const contents = withHistory((history) => {
      const blob = history.blobs[0];
      if (blob) blob.content = new TextEncoder().encode('- oat milk\n');
    });
    expect(await refusal(contents)).toMatch(
      /^This bundle is damaged: history\/blobs\/[0-9a-f]{12}… does not hold the bytes its name says \(their SHA-256 starts [0-9a-f]{12}\)\.$/,
    );
  });

  it('refuses changes out of order', async () => {
    const contents = withHistory((history) => {
      const third = history.changes[2];
      if (third) third.rev = 4;
    });
    expect(await refusal(contents)).toBe(
      'This bundle is not valid: history/changes.json, change 3 ("notes/todo.md") is numbered 4, after 4; changes must be in increasing order.',
    );
  });

  it('refuses a checkpoint at a change the history lacks, out of order, or at a step the events lack', async () => {
    expect(
      await refusal(
        withHistory((history) => {
          const last = history.checkpoints[1];
          if (last) last.rev = 11;
        }),
      ),
    ).toBe(
      'This bundle is not valid: history/checkpoints.json, checkpoint 2 stands at change 11, which history/changes.json does not hold.',
    );
    expect(await refusal(withHistory((history) => history.checkpoints.reverse()))).toMatch(
      /checkpoint 2 is at step 0, after step 1; checkpoints must be in step order\.$/,
    );
    expect(await refusal(withHistory((history) => history.checkpoints.push({ seq: 5, rev: 12 })))).toBe(
      'This bundle is not valid: history/checkpoints.json, checkpoint 3 is at step 5, which events.json does not hold.',
    );
    expect(
      await refusal(
        withHistory((history) => {
          const first = history.checkpoints[0];
          if (first) first.uuid = 'u1';
        }),
      ),
    ).toBe(
      'This bundle is not valid: history/checkpoints.json, checkpoint 1 names the action "u1", but step 0 is not that action.',
    );
  });

  it('refuses a replaced version whose bytes are neither kept nor in the workspace', async () => {
    const contents = withHistory((history) => {
      history.blobs = history.blobs.filter(({ hash }) => hash !== blobOf('draft').hash);
    });
    expect(await refusal(contents)).toMatch(
      /^This bundle is incomplete: history\/changes\.json, change 5 \("draft\.txt"\) replaced a version \([0-9a-f]{12}…\) whose bytes it does not hold\.$/,
    );
  });

  it('refuses a history that does not end in the bundle’s workspace', async () => {
    const otherBytes = withHistory((_history, contents) => {
      const todo = contents.files.find((file) => file.path === 'notes/todo.md');
      if (todo) todo.content = new TextEncoder().encode('- buy rice\n');
    });
    expect(await refusal(otherBytes)).toMatch(
      /^This bundle's history does not end in its workspace: after its last change "notes\/todo\.md" is a file of 11 bytes \([0-9a-f]{12}…\), but in the workspace it is a file of 11 bytes \([0-9a-f]{12}…\)\.$/,
    );
    const missing = withHistory((_history, contents) => {
      contents.files = contents.files.filter((file) => file.path !== 'logo.png');
    });
    expect(await refusal(missing)).toMatch(
      /"logo\.png" is a file of 4 bytes \([0-9a-f]{12}…\), but in the workspace it is absent\.$/,
    );
    const folder = withHistory((history) =>
      history.changes.push({ rev: 30, path: 'notes', before: { kind: 'directory' }, after: null }),
    );
    expect(await refusal(folder)).toMatch(/"notes" is absent, but in the workspace it is a folder\.$/);
  });

  it('refuses a history that skips a version, a path that leaves the workspace, and a kept version nothing replaced', async () => {
    const skipping = withHistory((history) => {
      const change = history.changes[2];
      if (change) change.before = fileEntry('- bread\n');
      history.blobs.push(blobOf('- bread\n'));
    });
    expect(await refusal(skipping)).toMatch(
      /^This bundle's history skips a version: history\/changes\.json, change 3 \("notes\/todo\.md"\) finds it a file of 8 bytes \(\w{12}…\), but the change before left it a file of 7 bytes \(\w{12}…\)\.$/,
    );
    const climbing = withHistory((history) =>
      history.changes.push({ rev: 30, path: '../escape', before: null, after: null }),
    );
    expect(await refusal(climbing)).toBe(
      'This bundle has a workspace path that is not allowed ("../escape": it climbs out with "..").',
    );
    const stray = withHistory((history) => history.blobs.push(blobOf('unused')));
    expect(await refusal(stray)).toMatch(
      /^This bundle has an unexpected entry: history\/blobs\/\w{12}… \(no change of its history replaced those bytes\)\.$/,
    );
  });

  it('imports a format 2 bundle as before: its files with their hashes, and no history', async () => {
    const repository = open();
    await repository.importAsNew(
      decodeBundle(olderFormatBundle(sampleHistoryContents('old'), 2)),
      'new',
      9,
      1 << 20,
    );
    expect(await database.fileChanges.count()).toBe(0);
    expect(await database.checkpoints.count()).toBe(0);
    expect((await database.files.get(['new', 'logo.png']))?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await repository.read('new'))?.history).toBeUndefined();
  });
});

describe('a conversation’s workspace history on export', () => {
  it('leaves out a sub-agent’s steps, marked in its parent’s workspace, and a history that does not add up', async () => {
    const repository = open();
    await repository.importAsNew(sampleHistoryContents('old'), 'parent', 9, 1 << 20);
    await database.checkpoints.put({ conversationId: 'parent', seq: 7, rev: 0, workspaceId: 'elsewhere' });
    expect((await repository.read('parent'))?.history?.checkpoints.map(({ seq }) => seq)).toEqual([0, 1]);
    // A kept version gone (the history is no longer whole): the bundle still imports, without it.
    await database.blobs.where('conversationId').equals('parent').delete();
    const exported = await repository.read('parent');
    expect(exported?.history).toBeUndefined();
    expect(exported?.files.map(({ path }) => path)).toEqual(['logo.png', 'notes', 'notes/todo.md']);
  });
});

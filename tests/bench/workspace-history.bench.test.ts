import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import type { WorkspaceFile } from '../../src/shared/protocol/workspace.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { recordWorkspaceChanges, WorkspaceHistory } from '../../src/shared/storage/workspace-history.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What the workspace history costs a step: in a 1,000-file, 20 MB workspace, one file
 * of 20 KB changes per step. The same write without the history (the `files` table
 * alone, as `apply` did before it) is the baseline; the checkpoint the journal writes
 * with the settled action is measured apart. Storage: what the history tables gained per
 * step beyond the replaced bytes themselves. Node and fake-indexeddb, so the absolute
 * times are a machine's, not a browser's; the difference is the history's own work.
 */
const FILES = 1000;
const FILE_BYTES = 20 * 1024;
const STEPS = 41;

const contentFor = (index: number, version: number) => {
  const bytes = new Uint8Array(FILE_BYTES);
  bytes.fill(97 + (version % 26));
  new TextEncoder().encodeInto(`file ${index} version ${version}\n`, bytes);
  return bytes;
};
const fileOf = (index: number, version: number): WorkspaceFile => ({
  conversationId: 'c',
  path: `src/module-${index}.ts`,
  kind: 'file',
  content: contentFor(index, version),
  size: FILE_BYTES,
  modifiedAt: version,
});

async function median(
  runs: number,
  act: (run: number) => Promise<unknown>,
): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await act(run);
    all.push(performance.now() - started);
  }
  const sorted = [...all].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, all };
}

it('records a step’s change set in a 1,000-file, 20 MB workspace', async () => {
  const database = new SandpiperDatabase(`history-bench-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const history = new WorkspaceHistory(database);
  for (let start = 0; start < FILES; start += 100) {
    const batch = Array.from({ length: 100 }, (_, offset) => fileOf(start + offset, 0));
    await workspace.apply('c', { writes: batch, deletes: [] }, 100 * 1024 * 1024);
  }
  // The write as it was before the history: the limit checked, the row put, nothing else.
  const withoutHistory = (file: WorkspaceFile) =>
    database.transaction('rw', database.files, async () => {
      await database.files.bulkGet([[file.conversationId, file.path]]);
      await workspace.usedBytes('c');
      await database.files.bulkPut([file]);
    });
  const baseline = await median(STEPS, (run) => withoutHistory(fileOf(1, 1000 + run)));
  const blobBytes = async () => {
    let total = 0;
    await database.blobs.each((row) => {
      total += (row.content as Uint8Array).byteLength + JSON.stringify({ ...row, content: null }).length;
    });
    return total;
  };
  const changeBytes = async () => {
    let total = 0;
    await database.fileChanges.each((row) => {
      total += JSON.stringify(row).length;
    });
    return total;
  };
  const before = (await blobBytes()) + (await changeBytes());
  const recorded = await median(STEPS, (run) =>
    workspace.apply('c', { writes: [fileOf(2, 2000 + run)], deletes: [] }, 100 * 1024 * 1024),
  );
  const grown = (await blobBytes()) + (await changeBytes()) - before;
  // The history's own work alone (hash, blob, change row), in a transaction of its tables.
  const previousRow = await database.files.get(['c', fileOf(3, 0).path]);
  const own = await median(STEPS, (run) =>
    database.transaction('rw', [database.blobs, database.fileChanges], () =>
      recordWorkspaceChanges(database, 'c', [fileOf(3, 3000 + run)], [], [previousRow]),
    ),
  );
  let seq = 0;
  const checkpoint = await median(STEPS, () =>
    database.transaction('rw', [database.fileChanges, database.checkpoints], () =>
      history.checkpoint('c', ++seq),
    ),
  );
  const stepChanges = await median(STEPS, (run) => history.stepChanges('c', run + 1));
  const extraMs = recorded.median - baseline.median;
  // Each step replaced one 20 KB version, kept as a blob; the rest is the history's overhead.
  const overheadPerStep = grown / STEPS - FILE_BYTES;
  console.log(
    `[history] ${FILES} files of 20 KB: a one-file step ${recorded.median.toFixed(2)} ms with the history, ${baseline.median.toFixed(2)} ms without (extra ${extraMs.toFixed(2)} ms; its own work alone ${own.median.toFixed(2)} ms); checkpoint ${checkpoint.median.toFixed(2)} ms; a step's change set read in ${stepChanges.median.toFixed(2)} ms; storage per step: the 20 KB replaced + ${overheadPerStep.toFixed(0)} bytes`,
  );
  expect(grown).toBeGreaterThan(0);
  const round = (value: number) => Math.round(value * 100) / 100;
  recordFigures('workspace-history', {
    title: `Recording a step's change set in a 1,000-file, 20 MB workspace where one 20 KB file changed (Node, fake-indexeddb; medians of ${STEPS})`,
    bench: import.meta.url,
    paths: [
      'src/shared/storage/workspace-history.ts',
      'src/shared/storage/workspace-repository.ts',
      'src/shared/storage/db.ts',
    ],
    figures: [
      {
        name: 'the step’s write with the history',
        value: round(recorded.median),
        unit: 'ms',
      },
      {
        name: 'the same write without it',
        value: round(baseline.median),
        unit: 'ms',
      },
      {
        name: 'extra time per step: the difference (goal ≤ 5)',
        value: round(extraMs),
        unit: 'ms',
        note: 'within the noise of a 240 ms write',
      },
      {
        name: 'the history’s own work, measured alone (hash, blob, change row)',
        value: round(own.median),
        unit: 'ms',
      },
      { name: 'the checkpoint written with the settled action', value: round(checkpoint.median), unit: 'ms' },
      { name: 'a step’s change set read back', value: round(stepChanges.median), unit: 'ms' },
      {
        name: 'storage per step beyond the replaced bytes (goal ≤ 1,024)',
        value: Math.round(overheadPerStep),
        unit: 'bytes',
      },
    ],
  });
  database.close();
}, 600_000);

import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { Journal } from '../../src/agent-worker/engine/journal.ts';
import { ConversationCheckpoints } from '../../src/agent-worker/runtime/checkpoints/conversation-checkpoints.ts';
import { CommandQueue } from '../../src/agent-worker/runtime/command-queue.ts';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import type { WorkspaceFile } from '../../src/shared/protocol/workspace.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Rewind and fork of a 1,000-file, 20 MB workspace (issue 27's goal: ≤ 500 ms each).
 * Two steps follow the one rewound to, each changing one 20 KB file: a rewind puts those
 * back and drops the later events; its undo brings them back; a fork copies the whole
 * workspace as it was then, with the history up to it. Node and fake-indexeddb, so the
 * times are this machine's, not a browser's.
 */
const FILES = 1000;
const FILE_BYTES = 20 * 1024;
const RUNS = 9;
const LIMIT = 100 * 1024 * 1024;

const fileOf = (index: number, version: number): WorkspaceFile => {
  const content = new Uint8Array(FILE_BYTES);
  content.fill(97 + (version % 26));
  new TextEncoder().encodeInto(`file ${index} version ${version}\n`, content);
  return {
    conversationId: 'c',
    path: `src/module-${index}.ts`,
    kind: 'file',
    content,
    size: FILE_BYTES,
    modifiedAt: 1,
  };
};
const envelope = (uuid: string, status: 'running' | 'success'): EventBody => ({
  type: 'envelope',
  envelope: { uuid, status, content: status, meta: { action_type: 'shell.exec', tool: 'shell' } },
  toolCallId: `call-${uuid}`,
});

async function median(runs: number, act: (run: number) => Promise<unknown>): Promise<number> {
  const all: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await act(run);
    all.push(performance.now() - started);
  }
  return [...all].sort((a, b) => a - b)[Math.floor(all.length / 2)] ?? 0;
}

it('rewinds and forks a 1,000-file, 20 MB workspace', async () => {
  const database = new SandpiperDatabase(`checkpoints-bench-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const journal = new Journal(database, () => undefined);
  const workspace = new WorkspaceRepository(database);
  await journal.createConversation(
    { id: 'c', title: 'Bench', status: 'running', createdAt: 1, updatedAt: 1, profileId: 'manus' },
    [{ type: 'user_message', text: 'Write a thousand files' }],
  );
  await journal.append('c', [envelope('write-all', 'running')]);
  for (let start = 0; start < FILES; start += 100) {
    const batch = Array.from({ length: 100 }, (_, offset) => fileOf(start + offset, 0));
    await workspace.apply('c', { writes: batch, deletes: [] }, LIMIT);
  }
  const [step] = await journal.append('c', [envelope('write-all', 'success')]);
  const seq = step?.seq ?? -1;
  for (const [index, uuid] of ['edit-1', 'edit-2'].entries()) {
    await journal.append('c', [envelope(uuid, 'running')]);
    await workspace.apply('c', { writes: [fileOf(index, 1)], deletes: [] }, LIMIT);
    await journal.append('c', [envelope(uuid, 'success')], { conversation: { status: 'done' } });
  }
  let forks = 0;
  const checkpoints = new ConversationCheckpoints({
    database,
    commands: new CommandQueue(),
    publish: () => undefined,
    newId: () => `fork-${++forks}`,
    now: Date.now,
    journal,
    sandboxes: { forget: () => undefined },
    locks: { holdIfFree: async (_id, task) => ({ isHeld: true, value: await task() }) },
    active: { has: () => false },
  });
  const rewind = await median(RUNS, async () => {
    await checkpoints.rewind('c', seq);
    await checkpoints.undoRewind('c');
  });
  // The two apart: a rewind alone, then its undo alone, each timed on its own.
  const rewindAlone: number[] = [];
  const undoAlone: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    let started = performance.now();
    await checkpoints.rewind('c', seq);
    rewindAlone.push(performance.now() - started);
    started = performance.now();
    await checkpoints.undoRewind('c');
    undoAlone.push(performance.now() - started);
  }
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const fork = await median(5, () => checkpoints.fork('c', seq));
  expect((await workspace.paths('fork-1')).length).toBe(FILES);
  console.log(
    `[checkpoints] ${FILES} files of 20 KB: rewind ${middle(rewindAlone).toFixed(1)} ms, undo ${middle(undoAlone).toFixed(1)} ms (both ${rewind.toFixed(1)} ms), fork ${fork.toFixed(1)} ms`,
  );
  const round = (value: number) => Math.round(value * 10) / 10;
  recordFigures('checkpoints', {
    title: `Rewind and fork of a 1,000-file, 20 MB workspace, two one-file steps after the step (Node, fake-indexeddb; medians of ${RUNS}, forks of 5)`,
    bench: import.meta.url,
    paths: [
      'src/agent-worker/runtime/checkpoints/',
      'src/agent-worker/runtime/command-queue.ts',
      'src/agent-worker/engine/journal.ts',
      'src/shared/storage/',
    ],
    figures: [
      { name: 'rewind to the step (goal ≤ 500)', value: round(middle(rewindAlone)), unit: 'ms' },
      { name: 'undo of that rewind', value: round(middle(undoAlone)), unit: 'ms' },
      { name: 'fork from the step: the 1,000 files copied (goal ≤ 500)', value: round(fork), unit: 'ms' },
    ],
  });
  database.close();
}, 600_000);

import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import {
  contentHash,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from '../../src/shared/storage/workspace-history.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';

/**
 * The workspace history sees what shell commands do, not only the file tools: each
 * command's sync writes through `WorkspaceRepository.apply`, which records the change.
 */
let database: SandpiperDatabase;
let sandbox: VirtualSandbox;
let history: WorkspaceHistory;
let seq = 0;

const text = (value: string) => new TextEncoder().encode(value);
const entry = (value: string) => ({
  kind: 'file',
  hash: contentHash(text(value)),
  size: text(value).byteLength,
});
/** Runs a command as one step, then marks the step's checkpoint as the journal does. */
const step = async (command: string) => {
  const result = await sandbox.exec('s', command, {});
  expect(result.exitCode).toBe(0);
  seq += 1;
  await history.checkpoint('c', seq);
  return (await history.stepChanges('c', seq)).map(({ path, before, after }) => [path, before, after]);
};

beforeEach(async () => {
  database = new SandpiperDatabase(`history-${randomUUID()}`, { indexedDB, IDBKeyRange });
  sandbox = await VirtualSandbox.open({
    conversationId: 'c',
    workspace: new WorkspaceRepository(database),
    limitBytes: 50_000_000,
    python: null,
  });
  history = new WorkspaceHistory(database);
  seq = 0;
});

afterEach(() => database.close());

describe('the workspace history of shell commands', () => {
  it('records a redirection, sed -i, mv and rm, each as its own step', async () => {
    expect(await step('mkdir -p notes && printf "alpha\\n" > notes/a.txt')).toEqual([
      ['notes', null, { kind: 'directory' }],
      ['notes/a.txt', null, entry('alpha\n')],
    ]);
    expect(await step('sed -i s/alpha/beta/ notes/a.txt')).toEqual([
      ['notes/a.txt', entry('alpha\n'), entry('beta\n')],
    ]);
    expect(await step('mv notes/a.txt notes/b.txt')).toEqual([
      ['notes/a.txt', entry('beta\n'), null],
      ['notes/b.txt', null, entry('beta\n')],
    ]);
    expect(await step('rm notes/b.txt')).toEqual([['notes/b.txt', entry('beta\n'), null]]);
    expect(await step('ls notes')).toEqual([]);
    // Every version the steps replaced can be read back.
    const blob = await database.blobs.get(['c', entry('alpha\n').hash]);
    expect(new TextDecoder().decode(blob?.content as Uint8Array)).toBe('alpha\n');
  });

  it('gives back the workspace after any step, every path and byte the same as it was then', async () => {
    const fingerprint = (entries: { path: string; kind: string; content: Uint8Array }[]) =>
      entries.map(
        ({ path, kind, content }) => `${path} ${kind} ${kind === 'file' ? contentHash(content) : ''}`,
      );
    const snapshots = new Map<number, string[]>();
    const commands = [
      'mkdir -p app && printf "one\\n" > app/a.txt && printf "keep\\n" > app/keep.txt',
      'sed -i s/one/two/ app/a.txt && printf "x" > app/tmp.bin',
      'mv app/a.txt app/b.txt && rm app/tmp.bin',
      'rm -r app && mkdir docs && printf "three\\n" > docs/a.txt',
      'printf "one\\n" > docs/again.txt',
    ];
    for (const command of commands) {
      await step(command);
      const rows = await new WorkspaceRepository(database).list('c');
      snapshots.set(seq, fingerprint(rows));
    }
    const atCheckpoint = new WorkspaceAtCheckpoint(database);
    for (const [at, expected] of snapshots) {
      const entries = await atCheckpoint.entries('c', at);
      expect(
        fingerprint((entries ?? []).map(({ path, entry, content }) => ({ path, kind: entry.kind, content }))),
      ).toEqual(expected);
    }
    expect(await atCheckpoint.entries('c', 99)).toBeNull();
  });
});

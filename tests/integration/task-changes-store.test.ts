import { createRoot, createSignal } from 'solid-js';
import { expect, it, vi } from 'vitest';
import { WorkspaceChanges } from '../../src/agent-worker/runtime/workspace-changes.ts';
import type { AgentClient } from '../../src/page/state/app/agent-client.ts';
import { createTaskChangesStore } from '../../src/page/state/thread/task-changes-store.ts';
import { conversationRow, openWorkspaceHistory, workspaceFile } from '../fixtures/workspace-history.ts';

const file = (path: string, content: string | Uint8Array) => workspaceFile('c', path, content);

/** A conversation over fake-indexeddb, and a client whose API reads it as the worker does. */
async function setUp() {
  const history = openWorkspaceHistory('task-store');
  const changes = new WorkspaceChanges(history.database);
  await history.journal.createConversation(conversationRow('c'), [{ type: 'user_message', text: 'Task' }], {
    writes: [file('todo.md', 'one\ntwo\nthree\n')],
    limitBytes: 100_000,
  });
  const step = (uuid: string, writes: ReturnType<typeof file>[]) => history.step('c', uuid, { writes });
  const taskFileVersions = vi.fn((id: string, path: string) => changes.taskVersions(id, path));
  const api = { taskChanges: (id: string) => changes.ofTask(id), taskFileVersions };
  const client = { api: api as unknown as AgentClient['api'] } as AgentClient;
  return { client, step, taskFileVersions };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

it('reads the task’s changes while watched, counts each text file’s lines once, and reads again as the revision moves', async () => {
  const { client, step, taskFileVersions } = await setUp();
  const [revision, setRevision] = createSignal(0);
  const [conversationId] = createSignal<string | null>('c');
  const store = createRoot(() => createTaskChangesStore(client, conversationId, revision));
  await step('a1', [
    file('todo.md', 'one\n2\nthree\nfour\n'),
    file('logo.png', new Uint8Array([0x89, 0, 1])),
  ]);

  await settle();
  // Nothing is read until a view watches it.
  expect(store.state.status).toBe('idle');
  const stop = store.watch();
  await vi.waitFor(() => expect(store.state.lines['todo.md']).toBeDefined());
  await vi.waitFor(() => expect(store.state.lines['logo.png']).toBeDefined());
  expect(store.state.changes.map((change) => [change.path, change.actionUuids])).toEqual([
    ['logo.png', ['a1']],
    ['todo.md', ['a1']],
  ]);
  expect(store.state.lines).toEqual({ 'todo.md': { added: 2, removed: 1 }, 'logo.png': null });
  expect(store.summary()).toEqual({ text: '2 files changed, +2 −1', uncountedFiles: 0 });
  expect(taskFileVersions).toHaveBeenCalledTimes(2);

  // A step settles: read again; the versions already counted are not read twice.
  await step('a2', [file('notes.md', 'a\nb\n')]);
  setRevision(1);
  await vi.waitFor(() => expect(store.state.lines['notes.md']).toEqual({ added: 2, removed: 0 }));
  expect(store.summary().text).toBe('3 files changed, +4 −1');
  expect(taskFileVersions).toHaveBeenCalledTimes(3);

  // Unwatched, it stays as it was.
  stop();
  await step('a3', [file('later.md', 'x\n')]);
  setRevision(2);
  await settle();
  expect(store.state.changes.map((change) => change.path)).toEqual(['logo.png', 'notes.md', 'todo.md']);
});

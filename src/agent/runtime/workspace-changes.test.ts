import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBody } from '../../protocol/events.ts';
import type { WorkspaceFile } from '../../protocol/workspace.ts';
import { SandpiperDatabase } from '../../storage/db.ts';
import { WorkspaceRepository } from '../../storage/workspace-repository.ts';
import { Journal } from '../engine/journal.ts';
import { WorkspaceChanges } from './workspace-changes.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const file = (conversationId: string, path: string, text: string): WorkspaceFile => {
  const content = new TextEncoder().encode(text);
  return { conversationId, path, kind: 'file', content, size: content.byteLength, modifiedAt: 1 };
};
const envelope = (uuid: string, status: 'running' | 'success'): EventBody => ({
  type: 'envelope',
  envelope: { uuid, status, content: status, meta: { action_type: 'shell.exec', tool: 'shell' } },
  toolCallId: `call-${uuid}`,
});
const conversation = (id: string, parent?: { conversationId: string; actionUuid: string }) => ({
  id,
  title: 'Task',
  status: 'running' as const,
  createdAt: 1,
  updatedAt: 1,
  profileId: 'manus',
  ...(parent ? { parent } : {}),
});
const text = (bytes: Uint8Array | null | undefined) =>
  bytes === null || bytes === undefined ? null : new TextDecoder().decode(bytes);

async function open() {
  database = new SandpiperDatabase(`task-changes-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const journal = new Journal(database, () => undefined);
  const workspace = new WorkspaceRepository(database);
  /** One action of `conversationId` that writes `writes` and deletes `deletes` in `workspaceId`. */
  async function step(
    conversationId: string,
    uuid: string,
    change: { writes?: WorkspaceFile[]; deletes?: string[] },
    workspaceId = conversationId,
  ): Promise<void> {
    await journal.append(conversationId, [envelope(uuid, 'running')]);
    await workspace.apply(
      workspaceId,
      { writes: change.writes ?? [], deletes: change.deletes ?? [] },
      10_000,
    );
    await journal.append(conversationId, [envelope(uuid, 'success')]);
  }
  return { journal, workspace, step, changes: new WorkspaceChanges(database) };
}

/** "path: before → after [steps]" for each entry, the person's changes marked. */
function summary(list: Awaited<ReturnType<WorkspaceChanges['ofTask']>>): string[] {
  return list.map(
    ({ path, before, after, actionUuids, isChangedByPerson }) =>
      `${path}: ${before?.kind ?? '-'} → ${after?.kind ?? '-'} [${actionUuids.join(' ')}]${isChangedByPerson ? ' by the person' : ''}`,
  );
}

describe('what a conversation’s task changed', () => {
  it('lists each path once, from the files the first message brought to now, with the steps that changed it', async () => {
    const { journal, workspace, step, changes } = await open();
    await journal.createConversation(conversation('c'), [{ type: 'user_message', text: 'Tidy my notes' }], {
      writes: [file('c', 'uploads/todo.md', '- milk\n'), file('c', 'uploads/old.txt', 'old')],
      limitBytes: 10_000,
    });
    // The files the task began with are its starting point, not its changes.
    expect(await changes.ofTask('c')).toEqual([]);

    await step('c', 'a1', { writes: [file('c', 'notes.md', 'one')] });
    expect(summary(await changes.ofTask('c'))).toEqual(['notes.md: - → file [a1]']);
    await step('c', 'a2', { writes: [file('c', 'notes.md', 'two'), file('c', 'scratch.txt', 'tmp')] });
    await step('c', 'a3', { writes: [file('c', 'notes.md', 'three')], deletes: ['scratch.txt'] });
    // A move: the old path deleted, the new one added.
    await step('c', 'a4', { writes: [file('c', 'uploads/new.txt', 'old')], deletes: ['uploads/old.txt'] });
    await step('c', 'a5', { writes: [file('c', 'uploads/todo.md', '- oat milk\n')] });
    // A later message's files are the person's; a step still running is counted to nobody yet.
    await journal.append('c', [{ type: 'user_message', text: 'And this' }], {
      files: { writes: [file('c', 'uploads/data.csv', 'a,b')], limitBytes: 10_000 },
    });
    await journal.append('c', [envelope('a6', 'running')]);
    await workspace.apply('c', { writes: [file('c', 'half.txt', 'half')], deletes: [] }, 10_000);

    expect(summary(await changes.ofTask('c'))).toEqual([
      'half.txt: - → file []',
      'notes.md: - → file [a1 a2 a3]',
      'uploads/data.csv: - → file [] by the person',
      'uploads/new.txt: - → file [a4]',
      'uploads/old.txt: file → - [a4]',
      'uploads/todo.md: file → file [a5]',
    ]);

    const todo = await changes.taskVersions('c', 'uploads/todo.md');
    expect([text(todo?.before), text(todo?.after)]).toEqual(['- milk\n', '- oat milk\n']);
    const notes = await changes.taskVersions('c', 'notes.md');
    expect([text(notes?.before), text(notes?.after)]).toEqual([null, 'three']);
    const moved = await changes.taskVersions('c', 'uploads/old.txt');
    expect([text(moved?.before), text(moved?.after)]).toEqual(['old', null]);
    // Made and removed again, or never changed: nothing to show.
    expect(await changes.taskVersions('c', 'scratch.txt')).toBeNull();
    expect(await changes.taskVersions('c', 'uploads/missing.txt')).toBeNull();
  });

  it('leaves out a file put back as it was, and the app’s own saved observations', async () => {
    const { journal, step, changes } = await open();
    await journal.createConversation(conversation('c'), [{ type: 'user_message', text: 'Task' }], {
      writes: [file('c', 'uploads/keep.txt', 'same')],
      limitBytes: 10_000,
    });
    await step('c', 'a1', {
      writes: [file('c', 'uploads/keep.txt', 'changed'), file('c', '.sandpiper/observations/a1.json', '{}')],
    });
    await step('c', 'a2', { writes: [file('c', 'uploads/keep.txt', 'same'), file('c', 'out.txt', 'out')] });
    expect(summary(await changes.ofTask('c'))).toEqual(['out.txt: - → file [a2]']);
  });

  it('read a sub-agent’s task in its parent’s workspace, from when it began to its last step', async () => {
    const { journal, step, changes } = await open();
    await journal.createConversation(conversation('parent'), [{ type: 'user_message', text: 'Task' }]);
    await step('parent', 'p1', { writes: [file('parent', 'before.txt', 'the parent’s')] });
    await journal.append('parent', [envelope('task', 'running')]);
    await journal.createConversation(
      conversation('child', { conversationId: 'parent', actionUuid: 'task' }),
      [{ type: 'user_message', text: 'Sub-task' }],
    );
    await step('child', 'c1', { writes: [file('parent', 'report.md', '# Report')] }, 'parent');
    await step('child', 'c2', { writes: [file('parent', 'before.txt', 'edited by the child')] }, 'parent');
    await journal.append('parent', [envelope('task', 'success')]);
    await step('parent', 'p2', { writes: [file('parent', 'after.txt', 'the parent’s again')] });

    expect(summary(await changes.ofTask('child'))).toEqual([
      'before.txt: file → file [c2]',
      'report.md: - → file [c1]',
    ]);
    const edited = await changes.taskVersions('child', 'before.txt');
    expect([text(edited?.before), text(edited?.after)]).toEqual(['the parent’s', 'edited by the child']);
    // The parent counts the sub-agent's work to the action that ran it.
    expect(summary(await changes.ofTask('parent'))).toEqual([
      'after.txt: - → file [p2]',
      'before.txt: - → file [p1 task]',
      'report.md: - → file [task]',
    ]);
  });
});

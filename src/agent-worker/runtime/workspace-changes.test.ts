import { describe, expect, it } from 'vitest';
import {
  conversationRow,
  openWorkspaceHistory,
  shellEnvelope,
  workspaceFile,
} from '~/tests/fixtures/workspace-history.ts';
import { WorkspaceChanges } from './workspace-changes.ts';

const text = (bytes: Uint8Array | null | undefined) =>
  bytes === null || bytes === undefined ? null : new TextDecoder().decode(bytes);

/** A database of conversations whose task changes are read as the worker reads them. */
function open() {
  const history = openWorkspaceHistory('task-changes');
  return { ...history, changes: new WorkspaceChanges(history.database) };
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
    const { journal, workspace, step, changes } = open();
    await journal.createConversation(
      conversationRow('c'),
      [{ type: 'user_message', text: 'Tidy my notes' }],
      {
        writes: [
          workspaceFile('c', 'uploads/todo.md', '- milk\n'),
          workspaceFile('c', 'uploads/old.txt', 'old'),
        ],
        limitBytes: 10_000,
      },
    );
    // The files the task began with are its starting point, not its changes.
    expect(await changes.ofTask('c')).toEqual([]);

    await step('c', 'a1', { writes: [workspaceFile('c', 'notes.md', 'one')] });
    expect(summary(await changes.ofTask('c'))).toEqual(['notes.md: - → file [a1]']);
    await step('c', 'a2', {
      writes: [workspaceFile('c', 'notes.md', 'two'), workspaceFile('c', 'scratch.txt', 'tmp')],
    });
    await step('c', 'a3', { writes: [workspaceFile('c', 'notes.md', 'three')], deletes: ['scratch.txt'] });
    // A move: the old path deleted, the new one added.
    await step('c', 'a4', {
      writes: [workspaceFile('c', 'uploads/new.txt', 'old')],
      deletes: ['uploads/old.txt'],
    });
    await step('c', 'a5', { writes: [workspaceFile('c', 'uploads/todo.md', '- oat milk\n')] });
    // A later message's files are the person's; a step still running is counted to nobody yet.
    await journal.append('c', [{ type: 'user_message', text: 'And this' }], {
      files: { writes: [workspaceFile('c', 'uploads/data.csv', 'a,b')], limitBytes: 10_000 },
    });
    await journal.append('c', [shellEnvelope('a6', 'running')]);
    await workspace.apply('c', { writes: [workspaceFile('c', 'half.txt', 'half')], deletes: [] }, 10_000);

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
    const { journal, step, changes } = open();
    await journal.createConversation(conversationRow('c'), [{ type: 'user_message', text: 'Task' }], {
      writes: [workspaceFile('c', 'uploads/keep.txt', 'same')],
      limitBytes: 10_000,
    });
    await step('c', 'a1', {
      writes: [
        workspaceFile('c', 'uploads/keep.txt', 'changed'),
        workspaceFile('c', '.sandpiper/observations/a1.json', '{}'),
      ],
    });
    await step('c', 'a2', {
      writes: [workspaceFile('c', 'uploads/keep.txt', 'same'), workspaceFile('c', 'out.txt', 'out')],
    });
    expect(summary(await changes.ofTask('c'))).toEqual(['out.txt: - → file [a2]']);
  });

  it('counts and lists files only: a folder made or removed with them is not a changed file', async () => {
    const { journal, step, changes } = open();
    const folder = (path: string) => ({
      conversationId: 'c',
      path,
      kind: 'directory' as const,
      content: new Uint8Array(),
      size: 0,
      modifiedAt: 1,
    });
    await journal.createConversation(conversationRow('c'), [{ type: 'user_message', text: 'Task' }]);
    // One file written in a new folder: "1 file changed", as the person reads it.
    await step('c', 'a1', {
      writes: [folder('notes-app'), workspaceFile('c', 'notes-app/index.html', '<h1>Notes</h1>')],
    });
    await step('c', 'a2', {
      writes: [folder('notes-app/js'), workspaceFile('c', 'notes-app/js/app.js', 'go()')],
    });
    // An empty folder alone changes no file.
    await step('c', 'a3', { writes: [folder('empty')] });
    // A removed folder with a file in it still says its file.
    await step('c', 'a4', { deletes: ['notes-app/js/app.js', 'notes-app/js'] });

    expect(await changes.countsByAction('c')).toEqual({ a1: 1, a2: 1, a4: 1 });
    expect((await changes.ofAction('c', 'a1')).map((change) => change.path)).toEqual([
      'notes-app/index.html',
    ]);
    expect(await changes.ofAction('c', 'a3')).toEqual([]);
    expect((await changes.ofAction('c', 'a4')).map((change) => change.path)).toEqual(['notes-app/js/app.js']);
    expect(summary(await changes.ofTask('c'))).toEqual(['notes-app/index.html: - → file [a1]']);
  });

  it('read a sub-agent’s task in its parent’s workspace, from when it began to its last step', async () => {
    const { journal, step, changes } = open();
    await journal.createConversation(conversationRow('parent'), [{ type: 'user_message', text: 'Task' }]);
    await step('parent', 'p1', { writes: [workspaceFile('parent', 'before.txt', 'the parent’s')] });
    await journal.append('parent', [shellEnvelope('task', 'running')]);
    await journal.createConversation(
      conversationRow('child', { conversationId: 'parent', actionUuid: 'task' }),
      [{ type: 'user_message', text: 'Sub-task' }],
    );
    await step('child', 'c1', { writes: [workspaceFile('parent', 'report.md', '# Report')] }, 'parent');
    await step(
      'child',
      'c2',
      { writes: [workspaceFile('parent', 'before.txt', 'edited by the child')] },
      'parent',
    );
    await journal.append('parent', [shellEnvelope('task', 'success')]);
    await step('parent', 'p2', { writes: [workspaceFile('parent', 'after.txt', 'the parent’s again')] });

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

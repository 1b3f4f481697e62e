import { describe, expect, it } from 'vitest';
import {
  conversationRow as conversation,
  shellEnvelope as envelope,
  workspaceFile as file,
  openWorkspaceHistory,
} from '~/tests/fixtures/workspace-history.ts';
import { WorkspaceChanges } from '../runtime/workspace-changes.ts';

async function open() {
  const { journal, workspace, database } = openWorkspaceHistory('checkpoints');
  return { journal, workspace, changes: new WorkspaceChanges(database) };
}

describe('the journal’s checkpoints', () => {
  it('count a message’s uploads to the person, not to an action closed in the same write', async () => {
    const { journal, workspace, changes } = await open();
    await journal.createConversation(conversation('c'), [{ type: 'user_message', text: 'Task' }]);
    await journal.append('c', [envelope('a1', 'running')]);
    await workspace.apply('c', { writes: [file('c', 'made.txt', 'by the action')], deletes: [] }, 1000);
    // The action is closed as interrupted in the same write as the person's next message with a file.
    await journal.append('c', [envelope('a1', 'error'), { type: 'user_message', text: 'Here' }], {
      files: { writes: [file('c', 'uploads/data.csv', 'a,b')], limitBytes: 1000 },
    });
    expect(await changes.countsByAction('c')).toEqual({ a1: 1 });
    expect((await changes.ofAction('c', 'a1')).map((change) => change.path)).toEqual(['made.txt']);
  });

  it('give an action that asked what it did before asking and after the answer, not the reply’s uploads', async () => {
    const { journal, workspace, changes } = await open();
    await journal.createConversation(conversation('c'), [{ type: 'user_message', text: 'Task' }]);
    await journal.append('c', [envelope('ask', 'running')]);
    await workspace.apply('c', { writes: [file('c', 'before.txt', 'x')], deletes: [] }, 1000);
    await journal.append('c', [envelope('ask', 'asking')]);
    await journal.append(
      'c',
      [{ type: 'user_reply', text: 'Here it is', askUuid: 'ask' }, envelope('ask', 'success')],
      {
        files: { writes: [file('c', 'uploads/reply.png', 'png')], limitBytes: 1000 },
      },
    );
    expect(await changes.countsByAction('c')).toEqual({ ask: 1 });
    expect((await changes.ofAction('c', 'ask')).map((change) => change.path)).toEqual(['before.txt']);
    const versions = await changes.versions('c', 'ask', 'before.txt');
    expect(new TextDecoder().decode(versions?.after ?? undefined)).toBe('x');
  });

  it('read a sub-agent’s steps in its parent’s workspace, where it worked', async () => {
    const { journal, workspace, changes } = await open();
    await journal.createConversation(conversation('parent'), [{ type: 'user_message', text: 'Task' }]);
    await journal.createConversation(conversation('child', { conversationId: 'parent', actionUuid: 't' }), [
      { type: 'user_message', text: 'Sub-task' },
    ]);
    await journal.append('child', [envelope('c1', 'running')]);
    await workspace.apply('parent', { writes: [file('parent', 'report.md', '# Report')], deletes: [] }, 1000);
    await journal.append('child', [envelope('c1', 'success')]);
    expect(await changes.countsByAction('child')).toEqual({ c1: 1 });
    expect((await changes.ofAction('child', 'c1')).map((change) => change.path)).toEqual(['report.md']);
    expect(
      new TextDecoder().decode((await changes.versions('child', 'c1', 'report.md'))?.after ?? undefined),
    ).toBe('# Report');
  });

  it('leave the app’s own saved observations out of what a step shows', async () => {
    const { journal, workspace, changes } = await open();
    await journal.createConversation(conversation('c'), [{ type: 'user_message', text: 'Task' }]);
    await journal.append('c', [envelope('a', 'running')]);
    await workspace.apply(
      'c',
      {
        writes: [file('c', '.sandpiper/observations/a.json', '{}'), file('c', 'out.txt', 'out')],
        deletes: [],
      },
      1000,
    );
    await journal.append('c', [envelope('a', 'success')]);
    expect(await changes.countsByAction('c')).toEqual({ a: 1 });
    expect((await changes.ofAction('c', 'a')).map((change) => change.path)).toEqual(['out.txt']);
  });
});

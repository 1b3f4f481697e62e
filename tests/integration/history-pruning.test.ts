import { afterEach, describe, expect, it } from 'vitest';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { WorkspaceChanges } from '../../src/agent-worker/runtime/workspace-changes.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
import { WorkspaceAtCheckpoint, WorkspaceHistory } from '../../src/shared/storage/workspace-history.ts';
import { delegatingNotebookProfile } from '../fixtures/notebook-profile.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { shellExec as shell } from '../fixtures/scripted-steps.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

const write = (path: string, text: string) =>
  call('file', { action: 'write', path: `/home/ubuntu/${path}`, text });
const done = () => call('message', { type: 'result', text: 'Done.' });

const messageSeqs = (events: readonly StoredEvent[]) =>
  events.flatMap(({ seq, body }) => (body.type === 'user_message' ? [seq] : []));
const settledSteps = (events: readonly StoredEvent[]) =>
  events.flatMap(({ body }) =>
    body.type === 'envelope' && body.envelope.status !== 'running' ? [body.envelope.uuid] : [],
  );

/** Two messages, each followed by several steps that change the same files. */
async function runTwoTasks(): Promise<string> {
  harness.server.setScript([
    acknowledge(),
    planNotes(),
    write('notes.md', 'one\n'),
    shell('sed -i s/one/two/ notes.md && printf x > scratch.txt'),
    shell('rm scratch.txt && mkdir -p docs && cp notes.md docs/copy.md'),
    done(),
  ]);
  const id = await harness.runtime.startConversation('Keep notes');
  await harness.runtime.idle(id);
  harness.server.push(
    acknowledge(),
    planNotes(),
    write('notes.md', 'three\n'),
    shell('mv docs/copy.md docs/moved.md'),
    done(),
  );
  await harness.runtime.sendMessage(id, 'Go on');
  await harness.runtime.idle(id);
  return id;
}

describe('pruning a conversation’s checkpoints through the runtime', () => {
  it('is never done unless asked: every settled step keeps its checkpoint through runs and a new tab', async () => {
    harness = await createHarness();
    const id = await runTwoTasks();
    harness.reload();
    await harness.runtime.recoverInterruptedRuns();
    const checkpoints = await new WorkspaceHistory(harness.database).checkpoints(id);
    const events = await harness.events(id);
    expect(checkpoints.filter((each) => each.uuid).map((each) => each.uuid)).toEqual(settledSteps(events));
    expect(checkpoints.filter((each) => !each.uuid).map((each) => each.seq)).toEqual(messageSeqs(events));
    expect(harness.published.some((message) => message.type === 'history_pruned')).toBe(false);
  });

  it('keeps each message’s workspace, drops the steps’ counts and tells the tabs; refused while another tab runs it', async () => {
    harness = await createHarness();
    const id = await runTwoTasks();
    const changes = new WorkspaceChanges(harness.database);
    expect(Object.keys(await changes.countsByAction(id)).length).toBeGreaterThanOrEqual(5);
    const events = await harness.events(id);
    const reader = new WorkspaceAtCheckpoint(harness.database);
    const atMessages = async () =>
      Promise.all(
        messageSeqs(events).map(async (seq) =>
          (await reader.entries(id, seq))?.map(({ path, entry, content }) => [path, entry, content]),
        ),
      );
    const before = await atMessages();
    const rowsBefore = await harness.database.fileChanges.count();

    // Another tab holds the run's lock: refused, nothing changed.
    const busyTab = harness.openTab({
      locks: {
        hold: (_id, task) => task(),
        isFree: async () => false,
        holdIfFree: async () => ({ isHeld: false }),
      },
    });
    await expect(busyTab.workspaces.pruneHistory(id)).rejects.toThrow(/working in this conversation/);
    expect(await harness.database.fileChanges.count()).toBe(rowsBefore);

    const outcome = await harness.runtime.workspaces.pruneHistory(id);
    expect(outcome).toMatchObject({ steps: settledSteps(events).length, keptCheckpoints: 2 });
    expect(outcome.freedBytes).toBeGreaterThan(0);
    expect(harness.published).toContainEqual({ type: 'history_pruned', conversationIds: [id] });
    expect(await changes.countsByAction(id)).toEqual({});
    expect(await atMessages()).toEqual(before);
    const kept = await new WorkspaceHistory(harness.database).checkpoints(id);
    expect(kept.map((each) => [each.seq, each.uuid])).toEqual(
      messageSeqs(events).map((seq) => [seq, undefined]),
    );

    // The next task's steps are counted as before.
    harness.server.push(acknowledge(), planNotes(), write('notes.md', 'four\n'), done());
    await harness.runtime.sendMessage(id, 'Once more');
    await harness.runtime.idle(id);
    expect(Object.values(await changes.countsByAction(id))).toEqual([1]);
  });

  it('drops a sub-agent’s step checkpoints with its parent’s, keeping its task message’s workspace', async () => {
    harness = await createHarness({}, {}, { profiles: [manusProfile, delegatingNotebookProfile] });
    harness.server.setScript([
      call('jot', { line: 'first, by the parent' }),
      call('task', { description: 'add two lines', prompt: 'Add two lines to the notebook.' }),
      call('jot', { line: 'second, by the sub-agent' }),
      call('jot', { line: 'third, by the sub-agent' }),
      { text: 'Added.' },
      call('jot', { line: 'fourth, by the parent' }),
      { text: 'Done.' },
    ]);
    const id = await harness.runtime.startConversation('Keep a notebook', { profileId: 'delegating' });
    await harness.runtime.idle(id);
    const child = (await harness.runtime.listConversations()).find((each) => each.parent);
    if (!child) throw new Error('No sub-agent ran.');
    const history = new WorkspaceHistory(harness.database);
    const reader = new WorkspaceAtCheckpoint(harness.database);
    const changes = new WorkspaceChanges(harness.database);
    expect(Object.values(await changes.countsByAction(child.id))).toEqual([1, 1]);
    // The parent's message (nothing written yet) and the sub-agent's task (the parent's first line written).
    const atMessages = async () => {
      const all = [...(await history.checkpoints(id)), ...(await history.checkpoints(child.id))];
      return Promise.all(
        all
          .filter((each) => !each.uuid)
          .map(async (each) =>
            (await reader.entries(each.conversationId, each.seq))?.map(({ path }) => path),
          ),
      );
    };
    const before = await atMessages();
    expect(before).toEqual([[], ['notebook.md']]);
    const notebookAtTask = await reader.entries(child.id, 0);

    const outcome = await harness.runtime.workspaces.pruneHistory(id);
    expect(outcome.conversationIds).toEqual([id, child.id]);
    expect(harness.published).toContainEqual({ type: 'history_pruned', conversationIds: [id, child.id] });
    expect(await atMessages()).toEqual(before);
    expect(await reader.entries(child.id, 0)).toEqual(notebookAtTask);
    expect((await history.checkpoints(child.id)).map((each) => [each.seq, each.uuid])).toEqual([
      [0, undefined],
    ]);
    expect(await changes.countsByAction(child.id)).toEqual({});
    expect(await changes.countsByAction(id)).toEqual({});
  });
});

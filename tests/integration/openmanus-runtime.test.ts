import { afterEach, describe, expect, it } from 'vitest';
import { systemPromptWith } from '../../src/agent-worker/engine/context/start-context-text.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { openManusProfile } from '../../src/agent-worker/profiles/openmanus/openmanus-profile.ts';
import { applyEvents, initialThreadState, openAskUuid } from '../../src/page/state/thread/thread-reducer.ts';
import { EMPTY_START_CONTEXT } from '../../src/shared/protocol/know-how.ts';
import { planAfter } from '../../src/shared/protocol/plan-after.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { call } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

type RequestBody = {
  messages: { role: string; content: string | null }[];
  tools: { function: { name: string } }[];
  tool_choice: unknown;
};

/**
 * The OpenManus profile through the real runtime (scripted model, real loop, sandbox and
 * storage): no forced opening step, `planning` driving the conversation's plan row,
 * `ask_human` suspending, `terminate` ending the run.
 */

let harness: Harness;
const bodies = () => harness.server.requests.map((request) => request.body as RequestBody);

afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

describe('a conversation in the OpenManus profile', () => {
  it('plans, edits with undo, asks, and terminates, with the plan in the plan row', async () => {
    harness = await createHarness({}, {}, { profiles: [manusProfile, openManusProfile] });
    harness.server.setScript([
      call('planning', {
        command: 'create',
        plan_id: 'notes',
        title: 'Write the notes',
        steps: ['Draft', 'Check', 'Deliver'],
      }),
      call('planning', { command: 'mark_step', step_index: 0, step_status: 'in_progress' }),
      call('str_replace_editor', {
        command: 'create',
        path: '/home/ubuntu/notes.md',
        file_text: 'draft one\n',
      }),
      call('str_replace_editor', {
        command: 'str_replace',
        path: '/home/ubuntu/notes.md',
        old_str: 'one',
        new_str: 'two',
      }),
      call('str_replace_editor', { command: 'undo_edit', path: '/home/ubuntu/notes.md' }),
      call('planning', { command: 'mark_step', step_index: 0, step_status: 'completed' }),
      call('planning', {
        command: 'mark_step',
        step_index: 1,
        step_status: 'blocked',
        step_notes: 'Unclear',
      }),
      call('ask_human', { inquire: 'Is one draft enough?' }),
    ]);
    const id = await harness.runtime.startConversation('Write notes', { profileId: 'openmanus' });
    await harness.runtime.idle(id);

    // Nothing is forced: every request leaves the choice to the model, with the same tools.
    expect(bodies().map((body) => body.tool_choice)).toEqual(Array(8).fill('auto'));
    expect(bodies()[0]?.messages[0]).toEqual({
      role: 'system',
      content: systemPromptWith(openManusProfile.systemPrompt, EMPTY_START_CONTEXT),
    });
    expect(bodies()[0]?.tools.map((tool) => tool.function.name)).toEqual(
      openManusProfile.tools.map((tool) => tool.name),
    );

    const notes = await new WorkspaceRepository(harness.database).read(id, 'notes.md');
    expect(new TextDecoder().decode(notes?.content)).toBe('draft one\n');
    expect(await harness.plan(id)).toMatchObject({
      goal: 'Write the notes',
      phases: [
        { id: 0, title: 'Draft', status: 'completed' },
        { id: 1, title: 'Check', status: 'blocked' },
        { id: 2, title: 'Deliver', status: 'pending' },
      ],
      current_phase_id: 1,
    });
    // A replay of the log rebuilds the same plan.
    const events = await harness.events(id);
    expect(planAfter(events, events.length, id)).toMatchObject({
      goal: 'Write the notes',
      phases: [{ status: 'completed' }, { status: 'blocked' }, { status: 'pending' }],
    });

    // `ask_human` suspends the run; the reply resumes it and `terminate` ends it.
    const thread = applyEvents(initialThreadState(id), events);
    const question = openAskUuid(thread);
    expect(thread.items.find((item) => item.kind === 'action' && item.uuid === question)).toMatchObject({
      view: 'ask',
      question: 'Is one draft enough?',
    });
    harness.server.push(call('terminate', { status: 'success' }));
    await harness.runtime.replyToAsk(id, question!, 'Yes');
    await harness.runtime.idle(id);
    expect(JSON.stringify(bodies().at(-1)?.messages.at(-1))).toContain('Yes');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    expect((await harness.completions(id)).at(-1)).toMatchObject({
      status: 'success',
      content: 'The interaction has been completed with status: success',
      meta: { action_type: 'terminate', tool: 'terminate' },
    });
  });
});

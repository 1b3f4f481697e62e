import { afterEach, describe, expect, it } from 'vitest';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { TASK_OUTPUT_CAP_BYTES } from '../../src/agent-worker/profiles/muxd/tools/task/task.ts';
import { delegatingNotebookProfile as delegating } from '../fixtures/notebook-profile.ts';
import { call } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Sub-agents (muxd's `task`) through the real runtime and the scripted server: a fresh
 * context, the same provider, every tool but `task`, its steps in a conversation of its
 * own linked to the parent action, its answer (capped at 50 KB) the parent's observation.
 */

let harness: Harness;
afterEach(async () => harness?.close());

type Body = { messages: { role: string; content: unknown }[]; tools: { function: { name: string } }[] };
const bodies = () => harness.server.requests.map((request) => request.body as Body);

describe('a sub-agent', () => {
  it('works in a fresh context without `task`, and its answer is the parent’s observation', async () => {
    harness = await createHarness({}, {}, { profiles: [manusProfile, delegating] });
    harness.server.setScript([
      call('task', {
        description: 'count the items',
        prompt: 'Count the items on the list and say how many.',
      }),
      call('jot', { line: 'Counted by the sub-agent' }),
      { text: 'There are 3 items.' },
      { text: 'The sub-agent says there are 3 items.' },
    ]);
    const id = await harness.runtime.startConversation('Keep a shopping list', { profileId: 'delegating' });
    await harness.runtime.idle(id);

    const [parentFirst, childFirst, childSecond, parentLast] = bodies();
    expect(parentFirst?.tools.map((tool) => tool.function.name)).toContain('task');
    // The sub-agent: the same system prompt, its prompt alone, and no `task` to nest with.
    expect(childFirst?.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(childFirst?.messages[1]?.content).toBe('Count the items on the list and say how many.');
    expect(childFirst?.tools.map((tool) => tool.function.name)).not.toContain('task');
    expect(childSecond?.messages.length).toBeGreaterThan(2);
    // The parent reads only the answer: none of the sub-agent's steps.
    expect(JSON.stringify(parentLast?.messages)).not.toContain('Counted by the sub-agent');
    const observation = parentLast?.messages.findLast((message) => message.role === 'tool');
    expect(JSON.parse(String(observation?.content))).toMatchObject({
      status: 'success',
      content: 'There are 3 items.',
      meta: { description: 'count the items', status: 'done', steps: 2, truncated: false },
    });

    const conversations = await harness.runtime.listConversations();
    const child = conversations.find((conversation) => conversation.parent);
    expect(child).toMatchObject({ title: 'count the items', status: 'done', profileId: 'delegating' });
    expect(child?.parent?.conversationId).toBe(id);
    const parent = await harness.runtime.readConversation(id);
    expect(parent?.conversation.status).toBe('done');
    const taskRunning = parent?.events.find(
      (event) => event.body.type === 'envelope' && event.body.envelope.meta.tool === 'task',
    );
    expect(child?.parent?.actionUuid).toBe(
      taskRunning?.body.type === 'envelope' ? taskRunning.body.envelope.uuid : null,
    );
    // Its steps are kept in its own log.
    const childLog = await harness.runtime.readConversation(child!.id);
    expect(childLog?.events.some((event) => event.body.type === 'envelope')).toBe(true);
  });

  it('caps the answer at 50 KB and says so', async () => {
    harness = await createHarness({}, {}, { profiles: [manusProfile, delegating] });
    harness.server.setScript([
      call('task', { description: 'write a lot', prompt: 'Write a long answer.' }),
      { text: 'x'.repeat(TASK_OUTPUT_CAP_BYTES + 5000) },
      { text: 'Done.' },
    ]);
    const id = await harness.runtime.startConversation('Delegate', { profileId: 'delegating' });
    await harness.runtime.idle(id);
    const snapshot = await harness.runtime.readConversation(id);
    const completion = snapshot?.events.findLast(
      (event) =>
        event.body.type === 'envelope' &&
        event.body.envelope.meta.tool === 'task' &&
        event.body.envelope.status !== 'running',
    );
    const envelope = completion?.body.type === 'envelope' ? completion.body.envelope : null;
    expect(envelope?.meta).toMatchObject({ truncated: true });
    expect(envelope?.content.endsWith('… [output truncated at 50 KB]')).toBe(true);
    expect(new TextEncoder().encode(envelope?.content ?? '').byteLength).toBeLessThan(
      TASK_OUTPUT_CAP_BYTES + 100,
    );
  });
});

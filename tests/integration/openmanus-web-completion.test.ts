import { afterEach, describe, expect, it } from 'vitest';
import { tokensSinceUserInput } from '../../src/agent-worker/engine/step-policy.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { createChatCompletionTool } from '../../src/agent-worker/profiles/openmanus/tools/create-chat-completion/create-chat-completion.ts';
import { defineProfile } from '../../src/agent-worker/toolkit/profile.ts';
import { applyEvents, initialThreadState } from '../../src/page/state/thread/thread-reducer.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The completion port through the real runtime: `create_chat_completion` (in a profile
 * that has it) asks the conversation's own provider — the scripted server — for one
 * forced `structured_output` call whose parameters are the schema, and the model reads
 * the JSON it answered. The provider's key stays out of the log.
 */

let harness: Harness;
afterEach(async () => {
  await harness.close();
});

const profile = defineProfile({ ...manusProfile, tools: [...manusProfile.tools, createChatCompletionTool] });
const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
};

describe('create_chat_completion through the run’s provider', () => {
  it('sends one side request with the schema forced, and returns the structured answer', async () => {
    harness = await createHarness({}, {}, { profiles: [profile] });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('create_chat_completion', { response: 'Oslo has about 700,000 people.', output_schema: SCHEMA }),
      // The tool's own request to the same provider.
      call(
        'structured_output',
        { city: 'Oslo', population: 700000 },
        { usage: { prompt_tokens: 321, completion_tokens: 45 } },
      ),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    const completion = completions.find((envelope) => envelope.meta.tool === 'create_chat_completion');
    expect(completion?.status).toBe('success');
    expect(JSON.parse(completion?.content ?? '')).toEqual({ city: 'Oslo', population: 700000 });

    const side = harness.server.requests[3]?.body as {
      messages: { role: string; content: string }[];
      tools: { function: { name: string; parameters: unknown } }[];
      tool_choice: unknown;
    };
    expect(side.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(side.messages[1]?.content).toBe('Oslo has about 700,000 people.');
    expect(side.tools.map((tool) => tool.function.name)).toEqual(['structured_output']);
    expect(side.tools[0]?.function.parameters).toEqual(SCHEMA);
    expect(side.tool_choice).toEqual({ type: 'function', function: { name: 'structured_output' } });
    // The run's next request reads the tool's answer; the side request is not in its history.
    const next = messagesOf(harness.server.requests[4]) as { role: string; content?: string }[];
    expect(next.some((message) => message.content === 'Oslo has about 700,000 people.')).toBe(false);
    expect(JSON.stringify(await harness.events(id))).not.toContain('test-key');
    // What the side request spent is recorded with the action, and counted in the conversation's usage.
    const events = await harness.events(id);
    const recorded = events.find(
      ({ body }) =>
        body.type === 'envelope' &&
        body.envelope.uuid === completion?.uuid &&
        body.envelope.status !== 'running',
    );
    expect(recorded?.body).toMatchObject({ usage: { prompt: 321, completion: 45, cached: 0 } });
    const thread = applyEvents(initialThreadState(id), events);
    const turns = events.flatMap(({ body }) =>
      body.type === 'assistant_turn' && body.usage ? [body.usage] : [],
    );
    expect(thread.usage.prompt).toBe(turns.reduce((sum, usage) => sum + usage.prompt, 0) + 321);
    expect(thread.usage.turns).toBe(turns.length);
    expect(tokensSinceUserInput(events)).toBe(
      turns.reduce((sum, usage) => sum + usage.prompt + usage.completion, 0) + 321 + 45,
    );
  });

  it('fails with the model’s reason when the answer does not match the schema', async () => {
    harness = await createHarness({}, {}, { profiles: [profile] });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('create_chat_completion', { response: 'Oslo.', output_schema: SCHEMA }),
      call('structured_output', { city: 'Oslo' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completion = (await harness.completions(id)).find(
      (envelope) => envelope.meta.tool === 'create_chat_completion',
    );
    expect(completion?.status).toBe('error');
    expect(completion?.content).toMatch(/^The model's answer does not match `output_schema`:/);
  });
});

/**
 * How the runtime copes with the servers people run (issue 10), against the scripted
 * server standing in for their behaviour: a forced step ignored, a template refusing tool
 * messages, calls written as text, a window too small, compact descriptions. The real
 * llama-server shows the same in `llama-server.test.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import type { ProviderSetup } from '../../src/shared/protocol/providers.ts';
import type { AgentSettings } from '../../src/shared/protocol/settings.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { assertWellFormedRequests, createHarness, type Harness, SCRIPTED_PROVIDER_ID } from './harness.ts';

type RequestBody = {
  messages: { role: string; content: string | null }[];
  tools?: unknown[];
  tool_choice?: unknown;
  response_format?: { type: string; json_schema: { schema: { anyOf?: unknown[] } } };
};

let harness: Harness;
/** The actions of a run that acknowledged, planned and delivered, each once and successfully. */
const OPENED_PLANNED_DONE = ['message.info:success', 'plan.update:success', 'message.result:success'];
const bodies = () => harness.server.requests.map((request) => request.body as RequestBody);
const finish = () => call('message', { type: 'result', text: 'Done.' });
const bodiesOf = async (id: string): Promise<EventBody[]> =>
  (await harness.events(id)).map((event) => event.body);
const notices = async (id: string) =>
  (await bodiesOf(id)).flatMap((body) =>
    body.type === 'notice' ? [`${body.kind}: ${body.text}${body.details ? ` (${body.details})` : ''}`] : [],
  );
const actions = async (id: string) =>
  (await harness.completions(id)).map((envelope) => `${envelope.meta.action_type}:${envelope.status}`);
const learned = async () =>
  (await new SettingsRepository(harness.database).getServerCapabilities())[SCRIPTED_PROVIDER_ID];

/** Runs the notes task to its end against `script`, on a fresh harness. */
async function runTask(
  script: ScriptedTurn[],
  provider: Partial<ProviderSetup> = {},
  settings: Partial<AgentSettings> = {},
): Promise<string> {
  harness = await createHarness(settings, provider);
  return runAgain(script);
}

/** Runs the notes task again, in a new conversation, on the current harness. */
async function runAgain(script: ScriptedTurn[]): Promise<string> {
  harness.server.setScript(script);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  return id;
}

afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

describe('auto tool-call mode', () => {
  it('switches a server that ignores a forced step to constrained mode, says so, and remembers it', async () => {
    const id = await runTask(
      [
        acknowledge(),
        // The plan step is forced by name; the server lets the model call `message` again.
        call('message', { type: 'info', text: 'Still on it' }),
        planNotes(),
        finish(),
      ],
      { toolCalls: 'auto' },
    );
    expect(await actions(id)).toEqual(OPENED_PLANNED_DONE);
    expect(await notices(id)).toEqual([
      expect.stringMatching(
        /^provider_adapted: .*did not hold a forced step: asked for `plan\.update` \(tool_choice names its tool\), it called `message`\. Forced steps are now held by a JSON-schema grammar/,
      ),
    ]);
    // In plain words first; the finding, technical, is the notice's details.
    const [notice] = (await bodiesOf(id)).filter((body) => body.type === 'notice');
    expect(notice).toMatchObject({
      text: 'The model did not take the step it was asked to take, so Sandpiper now asks this model server in a stricter way that holds the model to the step, and asked again. Nothing is needed from you.',
      details: expect.stringMatching(/^The model server at .* did not hold a forced step/),
    });
    const [first, second, retried, last] = bodies();
    expect(first?.tools).toBeDefined();
    expect(second?.tool_choice).toEqual({ type: 'function', function: { name: 'plan' } });
    // The same step again, constrained: no tools, the history as text, a grammar of plan.update only.
    for (const body of [retried, last]) {
      expect(body?.tools).toBeUndefined();
      expect(body?.messages.map((message) => message.role)).not.toContain('tool');
      expect(body?.messages[0]?.content).toContain('# Answer format');
    }
    expect(JSON.stringify(retried?.response_format?.json_schema.schema)).toContain('"const":"update"');
    expect(retried?.response_format?.json_schema.schema.anyOf).toBeUndefined();
    expect(last?.response_format?.json_schema.schema.anyOf?.length).toBeGreaterThan(12);
    expect(await learned()).toMatchObject({ toolCalls: 'constrained', forcing: 'by_grammar' });

    expect(await learned()).toMatchObject({ recheck: { conversationId: id } });

    // The same conversation stays constrained (`setScript` starts the record of requests afresh).
    harness.server.setScript([acknowledge(), planNotes(), finish()]);
    await harness.runtime.sendMessage(id, 'Once more');
    await harness.runtime.idle(id);
    expect(bodies().every((body) => body.response_format !== undefined && body.tools === undefined)).toBe(
      true,
    );

    // The switch rested on one conversation's replies: the next conversation tries native
    // again; the server ignores the forced plan step again, which confirms the switch.
    const next = await runAgain([
      acknowledge(),
      call('message', { type: 'info', text: 'Still on it' }),
      planNotes(),
      finish(),
    ]);
    expect(bodies()[0]?.tools).toBeDefined();
    expect(bodies()[1]?.tool_choice).toEqual({ type: 'function', function: { name: 'plan' } });
    expect(bodies()[2]?.response_format).toBeDefined();
    expect(await actions(next)).toEqual(OPENED_PLANNED_DONE);
    expect(await learned()).toMatchObject({ toolCalls: 'constrained', recheck: null });
    expect(
      (await learned())?.findings.map((finding) => (typeof finding === 'string' ? finding : finding.text)),
    ).toContain(
      'Confirmed in a second conversation: native tool calls do not hold here, so constrained mode is kept.',
    );

    // Confirmed: the conversation after that starts constrained, with nothing to say.
    const third = await runAgain([acknowledge(), planNotes(), finish()]);
    expect(bodies()).toHaveLength(3);
    expect(bodies().every((body) => body.response_format !== undefined && body.tools === undefined)).toBe(
      true,
    );
    expect(await notices(third)).toEqual([]);
  });

  it('a switch one off-script reply made is forgotten when the next conversation’s native calls hold', async () => {
    const id = await runTask(
      [acknowledge(), call('message', { type: 'info', text: 'Off script' }), planNotes(), finish()],
      { toolCalls: 'auto' },
    );
    expect(await learned()).toMatchObject({ toolCalls: 'constrained', recheck: { conversationId: id } });
    // The next conversation's model makes the forced calls natively: native it stays.
    const next = await runAgain([acknowledge(), planNotes(), finish()]);
    expect(bodies().every((body) => body.tools !== undefined && body.response_format === undefined)).toBe(
      true,
    );
    expect(await notices(next)).toEqual([]);
    expect(await learned()).toMatchObject({ toolCalls: 'native', forcing: 'by_name' });
    // And the one after starts native with nothing left to re-check.
    await runAgain([acknowledge(), planNotes(), finish()]);
    expect(bodies()[0]?.tools).toBeDefined();
    expect(await learned()).toMatchObject({ toolCalls: 'native', recheck: null });
  });

  it('Forget what was learned: the next run asks the server afresh and starts native', async () => {
    await runTask([acknowledge(), call('message', { type: 'info', text: 'x' }), planNotes(), finish()], {
      toolCalls: 'auto',
    });
    expect(await learned()).toMatchObject({ toolCalls: 'constrained' });
    await new SettingsRepository(harness.database).forgetServerCapabilities(SCRIPTED_PROVIDER_ID);
    expect(await learned()).toBeUndefined();
    await runAgain([acknowledge(), planNotes(), finish()]);
    expect(bodies()[0]?.tools).toBeDefined();
  });

  it('answers a strict-alternation template’s 400 by sending the same step again as alternating text', async () => {
    const id = await runTask(
      [
        acknowledge(),
        { status: 400, error: 'Conversation roles must alternate user/assistant/user/assistant/...' },
        planNotes(),
        finish(),
      ],
      { toolCalls: 'auto' },
    );
    expect(await actions(id)).toEqual(OPENED_PLANNED_DONE);
    expect((await notices(id))[0]).toMatch(/demands strict user\/assistant alternation/);
    const roles = bodies()[2]?.messages.map((message) => message.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('moves the system prompt into the first user message for a template that takes none', async () => {
    const id = await runTask([{ status: 400, error: 'System role not supported' }, acknowledge(), finish()], {
      toolCalls: 'auto',
    });
    const retried = bodies()[1];
    expect(retried?.messages.map((message) => message.role)).toEqual(['user']);
    expect(retried?.messages[0]?.content).toContain('# Answer format');
    expect(retried?.messages[0]?.content).toContain(NOTES_TASK);
    expect(await learned()).toMatchObject({ toolCalls: 'constrained', systemRole: false });
    expect((await notices(id))[0]).toMatch(/^provider_adapted: .*takes no system message/);
  });
});

describe('auto tool-call mode, further', () => {
  it('switches when the forced tool comes with another action, and counts the dropped reply’s tokens', async () => {
    const id = await runTask(
      [
        call(
          'message',
          { type: 'result', text: 'Done already.' },
          { usage: { prompt_tokens: 1000, completion_tokens: 7 } },
        ),
        call(
          'message',
          { type: 'info', text: 'On it' },
          { usage: { prompt_tokens: 1100, completion_tokens: 9 } },
        ),
        planNotes(),
        finish(),
      ],
      { toolCalls: 'auto' },
    );
    expect(await actions(id)).toEqual(OPENED_PLANNED_DONE);
    expect((await notices(id))[0]).toMatch(
      /asked for `message\.info`.*it called `message` with another action/,
    );
    const [first] = (await bodiesOf(id)).filter((body) => body.type === 'assistant_turn');
    expect(first).toMatchObject({ usage: { prompt: 2100, completion: 16 } });
  });

  it('switches on plain text where a call was required', async () => {
    const id = await runTask([{ text: 'Hello! How can I help?' }, acknowledge(), planNotes(), finish()], {
      toolCalls: 'auto',
    });
    expect(await actions(id)).toEqual(OPENED_PLANNED_DONE);
    expect((await notices(id))[0]).toMatch(
      /answered in plain text where a call of `message\.info` was required/,
    );
  });

  it('keeps constrained and says so when the retry meets a passing server error; no flip-flop', async () => {
    const id = await runTask(
      [acknowledge(), acknowledge(), { status: 503, error: 'Loading model' }],
      { toolCalls: 'auto' },
      { maxRetries: 0 },
    );
    const said = await notices(id);
    expect(said[0]).toMatch(/^provider_adapted: .*did not hold a forced step/);
    // A 503 passes: with no retries allowed (maxRetries 0), the run pauses and asks at once.
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');
    const asked = (await harness.completions(id)).at(-1);
    expect(asked).toMatchObject({ status: 'asking', meta: { runtime_reason: 'provider_unavailable' } });
    expect(asked?.content).toMatch(/The model provider answered 503/);
    expect(await learned()).toMatchObject({ toolCalls: 'constrained', forcing: 'by_grammar' });
  });

  it('falls back to native without forcing when the server refuses response_format, once', async () => {
    const id = await runTask(
      [
        acknowledge(),
        acknowledge(),
        { status: 400, error: 'Unrecognized request argument supplied: response_format' },
        planNotes(),
        finish(),
      ],
      { toolCalls: 'auto' },
    );
    expect(await actions(id)).toEqual([
      'message.info:success',
      'message.info:success',
      'plan.update:success',
      'message.result:success',
    ]);
    const said = await notices(id);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/refused a JSON-schema response_format.*forced steps are not forced/);
    expect(await learned()).toMatchObject({ toolCalls: 'native', forcing: 'none' });
    expect(bodies().filter((body) => body.response_format !== undefined)).toHaveLength(1);
  });

  it('lets the person’s explicit choice win over what auto learned', async () => {
    await runTask([acknowledge(), acknowledge(), planNotes(), finish()], { toolCalls: 'auto' });
    expect(await learned()).toMatchObject({ toolCalls: 'constrained' });
    const settings = new SettingsRepository(harness.database);
    const saved = await settings.getAgentSettings();
    await settings.putAgentSettings({
      ...saved,
      providers: saved.providers.map((provider) => ({ ...provider, toolCalls: 'native' as const })),
    });
    // `setScript` starts the server's record of requests afresh.
    await runAgain([acknowledge(), planNotes(), finish()]);
    expect(bodies()).toHaveLength(3);
    expect(bodies().map((body) => body.response_format)).toEqual([undefined, undefined, undefined]);
    expect(bodies()[0]?.tools).toBeDefined();
  });
});

describe('native mode on a server that does not force', () => {
  it('accepts the model’s own opening call instead of ending the run stuck', async () => {
    const id = await runTask(
      [
        acknowledge(),
        call('message', { type: 'info', text: 'Still on it' }),
        call('message', { type: 'info', text: 'And still' }),
        planNotes(),
        finish(),
      ],
      { toolCalls: 'native' },
    );
    expect(await actions(id)).toEqual([
      'message.info:success',
      'message.info:success',
      'message.info:success',
      'plan.update:success',
      'message.result:success',
    ]);
    expect(await learned()).toMatchObject({ toolCalls: 'native', forcing: 'none' });
  });

  it('still refuses what is no opening step (a result before any plan)', async () => {
    const id = await runTask(
      [acknowledge(), call('message', { type: 'result', text: 'Done, no plan.' }), planNotes(), finish()],
      { toolCalls: 'native' },
    );
    expect(await actions(id)).toEqual([
      'message.info:success',
      'message.result:error',
      'plan.update:success',
      'message.result:success',
    ]);
  });
});

describe('a call written as text', () => {
  it('is recovered from a <tool_call> block and run; plain text is kept and the model told', async () => {
    const id = await runTask([
      {
        text: 'On it.\n<tool_call>\n{"name": "message", "arguments": {"type": "info", "text": "On it"}}\n</tool_call>',
      },
      planNotes(),
      { text: 'I would now write the code.' },
      { text: '```json\n{"name": "message", "arguments": {"type": "result", "text": "Done."}}\n```' },
    ]);
    expect(await actions(id)).toEqual(OPENED_PLANNED_DONE);
    const turns = (await bodiesOf(id)).filter((body) => body.type === 'assistant_turn');
    expect(turns[2]).toMatchObject({ text: 'I would now write the code.', toolCalls: [] });
    expect(await notices(id)).toEqual([
      expect.stringMatching(/^no_tool_call: Your last response had no tool call/),
    ]);
    expect(bodies()[3]?.messages.at(-1)).toMatchObject({ role: 'user' });
  });
});

describe('the window', () => {
  it('refuses clearly, naming the server setting, when the tools alone do not fit', async () => {
    harness = await createHarness({}, { contextWindowTokens: 2048 });
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect(harness.server.requests).toHaveLength(0);
    const [notice] = await notices(id);
    expect(notice).toMatch(/^provider_error: Sandpiper's instructions and tools take about [\d,]+ tokens/);
    expect(notice).toContain('-c');
    expect(notice).toContain('num_ctx');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('error');
  });

  it('gives a conversation started with a small window the compact tool descriptions, for life', async () => {
    const id = await runTask([acknowledge(), planNotes(), finish()], { contextWindowTokens: 8192 });
    const tools = JSON.stringify(bodies()[0]?.tools);
    expect(tools.length).toBeLessThan(11_000);
    expect(tools).toContain('Required for `write` and `append` actions.');
    expect(JSON.stringify(bodies()[2]?.tools)).toBe(tools);
    expect((await harness.runtime.readConversation(id))?.conversation.toolDescriptions).toBe('compact');
  });

  it('moves a conversation whose full descriptions no longer fit its model’s window to the compact ones', async () => {
    const id = await runTask([acknowledge(), planNotes(), finish()]);
    expect((await harness.runtime.readConversation(id))?.conversation.toolDescriptions).toBe('full');
    const fullTools = JSON.stringify(bodies()[0]?.tools).length;
    const settings = new SettingsRepository(harness.database);
    const saved = await settings.getAgentSettings();
    await settings.putAgentSettings({
      ...saved,
      providers: saved.providers.map((provider) => ({ ...provider, contextWindowTokens: 4096 })),
    });
    harness.server.setScript([acknowledge(), planNotes(), finish()]);
    await harness.runtime.sendMessage(id, 'Now add tags.');
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.toolDescriptions).toBe('compact');
    expect((await actions(id)).filter((action) => action === 'message.result:success')).toHaveLength(2);
    expect(JSON.stringify(bodies()[0]?.tools).length).toBeLessThan(fullTools / 2);
  });

  it('a server whose window is smaller than planned: learned from its 400, compacted to fit, the step sent again', async () => {
    const big = call('message', { type: 'info', text: 'Read.' });
    const id = await runTask([
      acknowledge(),
      planNotes(),
      big,
      // llama.cpp's refusal, as it writes it: its own window in the body.
      {
        status: 400,
        error:
          'the request (9101 tokens) exceeds the available context size (8192 tokens), try increasing it',
        errorFields: { type: 'exceed_context_size_error', n_prompt_tokens: 9101, n_ctx: 8192 },
      },
      finish(),
    ]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    const said = await notices(id);
    expect(said).toContainEqual(
      expect.stringMatching(/^provider_adapted: .*its window is 8,192 tokens, not the 128,000 planned with/),
    );
    expect(said.filter((notice) => notice.startsWith('provider_error'))).toEqual([]);
    expect(await learned()).toMatchObject({ windowTokens: 8192 });
    // The request after the refusal is the same step (no new turn was recorded in between).
    expect(bodies()).toHaveLength(5);
  });

  it('maps a server’s context-size 400 to advice naming its setting', async () => {
    const id = await runTask([
      {
        status: 400,
        error: 'the request exceeds the available context size, try increasing it',
      },
    ]);
    const [notice] = await notices(id);
    expect(notice).toMatch(/^provider_error: The request does not fit the model's context window\. .*-c/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { systemPromptWith } from '../../src/agent-worker/engine/context/start-context-text.ts';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { applyEvents, initialThreadState, openAskUuid } from '../../src/page/state/thread/thread-reducer.ts';
import { EMPTY_START_CONTEXT } from '../../src/shared/protocol/know-how.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { notebookProfile } from '../fixtures/notebook-profile.ts';
import { call } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

type RequestBody = {
  messages: { role: string; content: string | null }[];
  tools: { function: { name: string } }[];
  tool_choice: unknown;
};

const TASK = 'Keep a shopping list';

let harness: Harness;

const bodies = () => harness.server.requests.map((request) => request.body as RequestBody);
const actions = async (id: string) =>
  (await harness.completions(id)).map((envelope) => `${envelope.meta.action_type}:${envelope.status}`);
const start = (settings = {}) =>
  createHarness(settings, {}, { profiles: [manusProfile, notebookProfile] }).then((created) => {
    harness = created;
    return created;
  });

describe('the registry of a second tool profile', () => {
  it('pins what the model sees of it', () => {
    expect({ systemPrompt: notebookProfile.systemPrompt, tools: notebookProfile.specs }).toMatchSnapshot();
  });
});

describe('a second tool profile, driven through the real runtime by roles alone', () => {
  afterEach(async () => {
    assertWellFormedRequests(harness.server);
    await harness.close();
  });

  it('forces its own opening step, suspends on its ask across a reload, and ends on its result', async () => {
    await start();
    harness.server.setScript([
      call('jot', { line: 'Buy milk' }),
      call('ask_human', { inquire: 'Which shop?' }),
    ]);
    const id = await harness.runtime.startConversation(TASK, { profileId: 'notebook' });
    await harness.runtime.idle(id);

    // The model sees this profile's prompt and tools, always the same; the opening step is forced by masking.
    const [first, second] = bodies();
    expect(first?.messages[0]).toEqual({
      role: 'system',
      content: systemPromptWith(notebookProfile.systemPrompt, EMPTY_START_CONTEXT),
    });
    expect(first?.tools.map((tool) => tool.function.name)).toEqual([
      'jot',
      'ask_human',
      'terminate',
      'lookup',
    ]);
    expect(first?.tool_choice).toEqual({ type: 'function', function: { name: 'jot' } });
    expect(second?.tool_choice).toBe('auto');
    expect(second?.tools).toEqual(first?.tools);

    // `ask_human` plays the ask: the run suspends, and the question survives a reload.
    expect(await actions(id)).toEqual(['jot:success', 'ask_human:asking']);
    const runtime = harness.reload();
    const snapshot = await runtime.readConversation(id);
    expect(snapshot?.conversation).toMatchObject({ status: 'asking', profileId: 'notebook' });
    const thread = applyEvents(initialThreadState(id), snapshot?.events ?? []);
    const question = openAskUuid(thread);
    expect(thread.items.find((item) => item.kind === 'action' && item.uuid === question)).toMatchObject({
      view: 'ask',
      askState: 'open',
      question: 'Which shop?',
    });

    // The reply resumes the loop; `terminate` plays the result and ends the run.
    harness.server.push(call('terminate', { status: 'success' }));
    await runtime.replyToAsk(id, question!, 'The corner shop');
    await runtime.idle(id);
    expect(await actions(id)).toEqual([
      'jot:success',
      'ask_human:asking',
      'ask_human:success',
      'terminate:success',
    ]);
    expect(JSON.stringify(bodies()[2]?.messages.at(-1))).toContain('The corner shop');
    expect((await runtime.readConversation(id))?.conversation.status).toBe('done');
    expect(bodies()).toHaveLength(3);
    const notebook = await new WorkspaceRepository(harness.database).read(id, 'notebook.md');
    expect(new TextDecoder().decode(notebook?.content)).toBe('Buy milk\n');
  });

  it('cancels its open question on Stop, keeping the question’s role', async () => {
    await start();
    harness.server.setScript([call('jot', { line: 'Milk' }), call('ask_human', { inquire: 'Which shop?' })]);
    const id = await harness.runtime.startConversation(TASK, { profileId: 'notebook' });
    await harness.runtime.idle(id);
    await harness.reload().stop(id);
    const last = (await harness.events(id))
      .flatMap(({ body }) => (body.type === 'envelope' ? [body] : []))
      .at(-1);
    expect(last).toMatchObject({
      role: 'ask',
      envelope: { status: 'error', meta: { error: { kind: 'cancelled' } } },
    });
    const thread = applyEvents(initialThreadState(id), await harness.events(id));
    expect(thread.items.find((item) => item.kind === 'action' && item.tool === 'ask_human')).toMatchObject({
      askState: 'cancelled',
    });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
  });

  it('refuses a call that skips its opening step, and knows nothing of Manus’ tools', async () => {
    await start();
    harness.server.setScript([
      call('terminate', { status: 'success' }),
      call('message', { type: 'info', text: 'On it' }),
      call('jot', { line: 'Milk' }),
      call('terminate', { status: 'failure' }),
    ]);
    const id = await harness.runtime.startConversation(TASK, { profileId: 'notebook' });
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    expect(completions.map((envelope) => envelope.content)).toEqual([
      'This step must be `jot`: the task written down first.',
      'There is no tool named `message`. The tools are: jot, ask_human, terminate, lookup.',
      'Noted in /home/ubuntu/notebook.md.',
      'The interaction has been completed with status: failure',
    ]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    expect(bodies().map((body) => body.tool_choice)).toEqual([
      { type: 'function', function: { name: 'jot' } },
      { type: 'function', function: { name: 'jot' } },
      { type: 'function', function: { name: 'jot' } },
      'auto',
    ]);
  });

  it('tells the model in its own words what to do after a response without a tool call', async () => {
    await start();
    harness.server.setScript([
      call('jot', { line: 'Milk' }),
      { text: 'I will just answer in text.' },
      call('terminate', { status: 'success' }),
    ]);
    const id = await harness.runtime.startConversation(TASK, { profileId: 'notebook' });
    await harness.runtime.idle(id);
    const notice = (await harness.events(id)).find(({ body }) => body.type === 'notice');
    expect(notice?.body).toMatchObject({
      kind: 'no_tool_call',
      text: 'Your last response had no tool call. Every response must call exactly one tool; `ask_human` reaches the person.',
    });
    expect(JSON.stringify(bodies()[2]?.messages)).not.toContain('`message`');
  });

  it('asks its own questions through the profile’s ask when a budget is spent', async () => {
    await start({ stepBudget: 2 });
    harness.server.setScript([call('jot', { line: 'one' }), call('jot', { line: 'two' })]);
    const id = await harness.runtime.startConversation(TASK, { profileId: 'notebook' });
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    const asking = events.flatMap(({ body }) =>
      body.type === 'envelope' && body.envelope.status === 'asking' ? [body] : [],
    );
    expect(asking).toHaveLength(1);
    expect(asking[0]).toMatchObject({
      role: 'ask',
      envelope: { meta: { action_type: 'ask_human', tool: 'ask_human', runtime_reason: 'step_budget' } },
    });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');
  });

  it('refuses to start a conversation with a profile it does not have', async () => {
    await start();
    await expect(harness.runtime.startConversation(TASK, { profileId: 'nonexistent' })).rejects.toThrow(
      'There is no tool profile "nonexistent".',
    );
    expect(await harness.runtime.listConversations()).toEqual([]);
  });
});

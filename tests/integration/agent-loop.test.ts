import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_REPLY, CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import {
  acknowledge,
  advance,
  call,
  calls,
  NOTES_TASK,
  notesAppAfterAnswer,
  notesAppUntilQuestion,
  planNotes,
} from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

type RequestBody = { messages: unknown[]; tools: { function: { name: string } }[]; tool_choice: unknown };
const bodies = (harness: Harness) => harness.server.requests.map((request) => request.body as RequestBody);

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

describe('the agent loop against a scripted model over HTTP', () => {
  it('runs the notes-app flow: info, plan, ask (survives a reload), advances, result', async () => {
    harness.server.setScript(notesAppUntilQuestion());
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);

    const beforeReply = await harness.completions(id);
    expect(beforeReply.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'message.info:success',
      'plan.update:success',
      'message.ask:asking',
    ]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');

    const runtime = harness.reload();
    harness.server.push(...notesAppAfterAnswer());
    const ask = beforeReply[2]!;
    await runtime.replyToAsk(id, ask.uuid, 'SQLite');
    await runtime.idle(id);

    const all = await harness.completions(id);
    expect(all.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toEqual([
      'message.info:success',
      'plan.update:success',
      'message.ask:asking',
      'message.ask:success',
      'plan.advance:success',
      'message.info:success',
      'plan.advance:success',
      'plan.advance:success',
      'plan.advance:success',
      'message.result:success',
    ]);
    const result = all.at(-1)!;
    expect(result.meta.attachments).toEqual([
      { name: 'README', path: '/home/ubuntu/notes-app/README.md', mime: 'text/markdown' },
      { name: 'server.js', path: '/home/ubuntu/notes-app/server.js', mime: 'text/javascript' },
      { name: 'Live preview', path: 'http://localhost:3000/', mime: 'text/uri-list' },
    ]);
    const plan = await harness.plan(id);
    expect(plan?.phases.map((phase) => phase.status)).toEqual(Array(5).fill('completed'));
    // Each action's event says what it does in the shared verbs (the thread's labels), running and done alike.
    const summaries = (await harness.events(id)).flatMap(({ body }) =>
      body.type === 'envelope' && body.envelope.status !== 'running' ? [body.summary?.verb] : [],
    );
    expect(summaries).toEqual([
      'inform',
      'plan',
      'ask',
      'ask',
      'advance_plan',
      'inform',
      'advance_plan',
      'advance_plan',
      'advance_plan',
      'deliver',
    ]);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');

    // Forcing by masking: the first two requests force message then plan; the tool list never changes.
    const requestBodies = bodies(harness);
    expect(requestBodies[0]?.tool_choice).toEqual({ type: 'function', function: { name: 'message' } });
    expect(requestBodies[1]?.tool_choice).toEqual({ type: 'function', function: { name: 'plan' } });
    expect(requestBodies[2]?.tool_choice).toBe('auto');
    for (const body of requestBodies) expect(body.tools).toEqual(requestBodies[0]?.tools);

    // Append-only: every request starts with the previous request's messages, unchanged.
    for (let index = 1; index < requestBodies.length; index += 1) {
      const previous = JSON.stringify(requestBodies[index - 1]?.messages);
      const current = JSON.stringify(
        requestBodies[index]?.messages.slice(0, requestBodies[index - 1]?.messages.length),
      );
      expect(current, `request ${index} extends request ${index - 1}`).toBe(previous);
    }
    // The reply reaches the model in the ask's observation.
    expect(JSON.stringify(requestBodies[3]?.messages.at(-1))).toContain('SQLite');
  });

  it('rejects an advance that skips a phase and tells the model to update', async () => {
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      advance(1, 3),
      advance(1, 2),
      call('message', { type: 'ask', text: 'Continue?' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    const skipped = completions[2]!;
    expect(skipped.status).toBe('error');
    expect(skipped.meta.error?.kind).toBe('rejected');
    expect(skipped.content).toMatch(/must be 2/);
    expect(skipped.content).toMatch(/update/);
    expect(completions[3]?.status).toBe('success');
    expect((await harness.plan(id))?.current_phase_id).toBe(2);
  });

  it('turns an invalid call into a validation observation the model can correct', async () => {
    harness.server.setScript([
      acknowledge(),
      call('plan', { action: 'update', phases: 'not a list' }),
      planNotes(),
      call('message', { type: 'ask', text: 'Which database?' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    expect(completions[1]?.status).toBe('error');
    expect(completions[1]?.meta.error?.kind).toBe('validation');
    expect(completions[1]?.content).toMatch(/phases/);
    expect(completions[2]?.meta.action_type).toBe('plan.update');
    expect(completions[2]?.status).toBe('success');
    const third = bodies(harness)[2]!;
    expect(JSON.stringify(third.messages.at(-1))).toContain('Invalid arguments for `plan`');
    // Still forced to plan until the plan exists.
    expect(third.tool_choice).toEqual({ type: 'function', function: { name: 'plan' } });
  });

  it('runs only the first of two tool calls in one response and tells the model', async () => {
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      calls(
        { name: 'message', arguments: { type: 'info', text: 'First' } },
        { name: 'plan', arguments: { action: 'advance', current_phase_id: 1, next_phase_id: 2 } },
      ),
      call('message', { type: 'ask', text: 'Done?' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    expect(completions.map((envelope) => envelope.meta.action_type)).toEqual([
      'message.info',
      'plan.update',
      'message.info',
      'message.ask',
    ]);
    expect(completions[2]?.meta.ignored_tool_calls).toEqual(['plan']);
    expect((await harness.plan(id))?.current_phase_id).toBe(1);
    const fourth = bodies(harness)[3]!;
    const toolMessages = fourth.messages.filter((message) => (message as { role: string }).role === 'tool');
    expect(JSON.stringify(toolMessages)).toContain('only the first one runs');
  });

  it('asks the user after three consecutive failures and refuses an identical retry', async () => {
    const badAdvance = advance(1, 4);
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      badAdvance,
      badAdvance,
      call('schedule', { type: 'interval', interval: 60, name: 'Digest', prompt: 'Send a digest' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    expect(
      completions
        .slice(2)
        .map((envelope) => [envelope.meta.action_type, envelope.status, envelope.meta.error?.kind]),
    ).toEqual([
      ['plan.advance', 'error', 'rejected'],
      ['plan.advance', 'error', 'rejected'],
      ['schedule.interval', 'error', 'validation'],
      ['message.ask', 'asking', undefined],
    ]);
    expect(completions[3]?.content).toMatch(/exactly the call that just failed/);
    const question = completions[5]!;
    expect(question.meta.runtime_reason).toBe('failures');
    expect(question.content).toMatch(/3 problems in a row/);
    expect(question.content).toContain('`schedule.interval`');
    expect(harness.server.requests).toHaveLength(5);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');

    // Answering resets the count and resumes with the answer in context.
    harness.server.push(call('message', { type: 'result', text: 'Stopped as asked.' }));
    await harness.runtime.replyToAsk(id, question.uuid, 'Skip the schedule and finish.');
    await harness.runtime.idle(id);
    const last = bodies(harness).at(-1)!;
    expect(JSON.stringify(last.messages.at(-1))).toContain('Skip the schedule and finish.');
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('stops during a slow model response: the request is aborted and the run ends', async () => {
    harness.server.setScript([acknowledge(), planNotes(), { ...acknowledge('slow'), delayMs: 10_000 }]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(3);
    await harness.runtime.stop(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({ type: 'notice', kind: 'stopped' });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
    await expect.poll(() => harness.server.requests[2]?.aborted).toBe(true);

    // The conversation goes on with the next message.
    harness.server.push(
      acknowledge('Back on it.'),
      planNotes(),
      call('message', { type: 'result', text: 'Done.' }),
    );
    await harness.runtime.sendMessage(id, 'Continue please');
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('asks to continue when the step budget is spent, and stops on Cancel', async () => {
    await harness.close();
    harness = await createHarness({ stepBudget: 3 });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'info', text: 'working' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).at(-1)!;
    expect(question.meta).toMatchObject({
      action_type: 'message.ask',
      runtime_reason: 'step_budget',
      suggested_action: 'confirm',
    });
    expect(harness.server.requests).toHaveLength(3);
    await harness.runtime.replyToAsk(id, question.uuid, CANCEL_REPLY);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
    expect(harness.server.requests).toHaveLength(3);
  });

  it('asks to continue once a run has spent its token budget, and goes on after Confirm', async () => {
    await harness.close();
    harness = await createHarness({ tokenBudget: 5_000 });
    const usage = { prompt_tokens: 2_000, completion_tokens: 100 };
    harness.server.setScript([
      call('message', { type: 'info', text: 'On it.' }, { usage }),
      call('plan', { action: 'update', goal: 'g', phases: [{ id: 1, title: 'Work' }] }, { usage }),
      call('message', { type: 'info', text: 'working' }, { usage }),
      call('message', { type: 'result', text: 'Done.' }, { usage }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = (await harness.completions(id)).at(-1)!;
    expect(question.meta).toMatchObject({ runtime_reason: 'token_budget', suggested_action: 'confirm' });
    expect(question.content).toMatch(/6,300 tokens, past its budget of 5,000/);
    expect(harness.server.requests).toHaveLength(3);
    await harness.runtime.replyToAsk(id, question.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  });

  it('ends the run with a clear message when the provider keeps failing', async () => {
    harness.server.setScript([{ status: 401, error: 'Incorrect API key provided' }]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({ type: 'notice', kind: 'provider_error' });
    expect(JSON.stringify(events.at(-1)?.body)).toMatch(/401.*Incorrect API key.*Check the API key/);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('error');
  });

  it('retries a 500 with backoff before giving up', async () => {
    await harness.close();
    harness = await createHarness({ maxRetries: 1 });
    harness.server.setScript([
      { status: 500, error: 'overloaded' },
      acknowledge(),
      planNotes(),
      call('message', { type: 'result', text: 'ok' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    expect(harness.server.requests).toHaveLength(4);
  });

  it('records token usage on each assistant turn', async () => {
    harness.server.setScript([
      { ...acknowledge(), usage: { prompt_tokens: 1200, completion_tokens: 30, cached_tokens: 1024 } },
      planNotes(),
      call('message', { type: 'result', text: 'ok' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const turns = (await harness.events(id)).flatMap(({ body }) =>
      body.type === 'assistant_turn' ? [body] : [],
    );
    expect(turns).toHaveLength(3);
    expect(turns[0]?.usage).toEqual({ prompt: 1200, completion: 30, cached: 1024 });
  });

  it('marks a run left running by a closed page as interrupted', async () => {
    harness.server.setScript([acknowledge(), planNotes(), { ...acknowledge('slow'), delayMs: 10_000 }]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(3);
    const fresh = harness.reload();
    await fresh.recoverInterruptedRuns();
    // The runtime asks whether to go on (the default setting), as a question the person answers.
    expect((await fresh.readConversation(id))?.conversation.status).toBe('asking');
    const last = (await harness.events(id)).at(-1)?.body;
    expect(last).toMatchObject({
      type: 'envelope',
      role: 'ask',
      envelope: { status: 'asking', meta: { runtime_reason: 'interrupted', suggested_action: 'confirm' } },
    });
    expect(last?.type === 'envelope' ? last.envelope.content : '').toContain(
      'My work on this stopped unexpectedly (the page was closed, or the agent crashed).',
    );
  });

  it('closes the action a closed page left running as interrupted, and with the continue setting goes on', async () => {
    await harness.close();
    harness = await createHarness({ interruptedRuns: 'continue' });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'sleep 30' }),
      call('message', { type: 'result', text: 'Done after the reload.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(3);
    await expect
      .poll(async () => (await harness.events(id)).at(-1)?.body.type, { timeout: 5_000 })
      .toBe('envelope');
    const fresh = harness.reload();
    await fresh.recoverInterruptedRuns();
    await fresh.idle(id);
    const shell = (await harness.completions(id)).find((envelope) => envelope.meta.tool === 'shell');
    expect(shell).toMatchObject({ status: 'error', meta: { error: { kind: 'interrupted' } } });
    const texts = (await harness.events(id)).map(({ body }) => JSON.stringify(body));
    expect(texts.some((text) => text.includes('continuing from where it stopped'))).toBe(true);
    expect((await fresh.readConversation(id))?.conversation.status).toBe('done');
  });
});

describe('stopping while the model streams a tool call', () => {
  it('records the call in flight as cancelled', async () => {
    const local = await createHarness();
    try {
      local.server.setScript([
        acknowledge(),
        planNotes(),
        { ...call('message', { type: 'result', text: 'x'.repeat(400) }), chunkDelayMs: 400 },
      ]);
      const id = await local.runtime.startConversation(NOTES_TASK);
      await local.server.waitForRequests(3);
      // Chunks every 400 ms: the call's name at about 400 ms, its end at about 2 s. Stop in between
      // (600 ms was too close to the name on a loaded 2-core machine).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await local.runtime.stop(id);
      const completions = await local.completions(id);
      expect(completions.at(-1)).toMatchObject({
        status: 'error',
        meta: { tool: 'message', error: { kind: 'cancelled' } },
      });
      expect((await local.runtime.readConversation(id))?.conversation.status).toBe('idle');
    } finally {
      await local.close();
    }
  });
});

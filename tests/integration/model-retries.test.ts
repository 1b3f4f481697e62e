/**
 * Runs that never stall on a flaky model server: a fault-injecting OpenAI-compatible server
 * (the scripted one, told to reset connections before the headers, cut a reply in the
 * middle, answer 429 with Retry-After or 503) under the real runtime, the real `openai`
 * client and the real loop. Every run completes with no action from the person, the
 * retries recorded; when they run out, the run pauses and Retry finishes it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBody } from '../../src/shared/protocol/events.ts';
import { RETRY_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { createHarness, type Harness } from './harness.ts';

const TASK = 'Write a haiku about the sea';
const finish = () => call('message', { type: 'result', text: 'Here is the haiku.' });
/** Short waits: what is tested is that retries happen and how they are recorded, not the app's pace. */
const FAST = { baseDelayMs: 20, maxDelayMs: 40 };

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function runWith(turns: ScriptedTurn[], maxRetries = 5) {
  harness = await createHarness({ maxRetries }, {}, { retryPolicy: FAST });
  harness.server.setScript(turns);
  const id = await harness.runtime.startConversation(TASK);
  await harness.runtime.idle(id);
  return { id, ...(await outcome(harness, id)) };
}

async function outcome(of: Harness, id: string) {
  const bodies: EventBody[] = (await of.events(id)).map((event) => event.body);
  const conversation = (await of.runtime.readConversation(id))?.conversation;
  return {
    bodies,
    status: conversation?.status,
    retries: bodies.flatMap((body) => (body.type === 'notice' && body.kind === 'retrying' ? [body] : [])),
    actions: (await of.completions(id)).map((envelope) => `${envelope.meta.action_type}:${envelope.status}`),
    turns: bodies.filter((body) => body.type === 'assistant_turn'),
  };
}

describe('a flaky model server', () => {
  it('a connection reset before the headers: sent again, and the run completes', async () => {
    const run = await runWith([{ fault: 'reset' }, acknowledge(), planNotes(), finish()]);
    expect(run.status).toBe('done');
    expect(run.actions).toEqual(['message.info:success', 'plan.update:success', 'message.result:success']);
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]).toMatchObject({ retry: { attempt: 1, of: 5 } });
    expect(run.retries[0]?.text).toMatch(/^Could not reach .* Retrying in 1 s \(1 of 5\)\.$/);
  });

  it('a reply cut in the middle: what arrived is dropped, never applied, and the step is sent again', async () => {
    const cut = call('message', { type: 'info', text: 'x'.repeat(2_000) }, { fault: 'cut', chunkDelayMs: 2 });
    const run = await runWith([cut, acknowledge(), planNotes(), finish()]);
    expect(run.status).toBe('done');
    expect(run.retries[0]?.text).toMatch(/broke in the middle of its reply/);
    // The cut reply left no turn behind: three turns, all whole.
    expect(run.turns).toHaveLength(3);
    expect(run.actions[0]).toBe('message.info:success');
    // The request after the cut is the same request.
    const [first, second] = harness!.server.requests.map((request) => JSON.stringify(request.body));
    expect(second).toBe(first);
  });

  it('429 with Retry-After: 2 waits the two seconds it asks, then goes on', async () => {
    const limited: ScriptedTurn = {
      status: 429,
      error: 'Rate limit reached',
      headers: { 'Retry-After': '2' },
    };
    const run = await runWith([acknowledge(), limited, planNotes(), finish()]);
    expect(run.status).toBe('done');
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]?.text).toMatch(/answered 429: Rate limit reached.* Retrying in 2 s \(1 of 5\)/);
    const [, refused, retried] = harness!.server.requests;
    expect((retried?.receivedAt ?? 0) - (refused?.respondedAt ?? 0)).toBeGreaterThanOrEqual(1_950);
  });

  it('503 twice, then success', async () => {
    const busy: ScriptedTurn = { status: 503, error: 'Service Unavailable' };
    const run = await runWith([acknowledge(), busy, busy, planNotes(), finish()]);
    expect(run.status).toBe('done');
    expect(run.retries.map((notice) => notice.retry?.attempt)).toEqual([1, 2]);
    expect(run.actions).toEqual(['message.info:success', 'plan.update:success', 'message.result:success']);
  });

  it('retries run out: the run pauses with Retry and Stop; Retry sends the same step again and finishes', async () => {
    const down: ScriptedTurn = { fault: 'reset' };
    const paused = await runWith([acknowledge(), down, down, down], 2);
    expect(paused.status).toBe('asking');
    expect(paused.retries).toHaveLength(2);
    const ask = paused.bodies.findLast(
      (body) => body.type === 'envelope' && body.envelope.status === 'asking',
    );
    expect(ask).toMatchObject({
      envelope: { meta: { runtime_reason: 'provider_unavailable', suggested_action: 'confirm' } },
    });
    if (ask?.type !== 'envelope') throw new Error('no question');
    expect(ask.envelope.content).toMatch(/failed 3 times in a row.*Could not reach/s);

    harness!.server.push(planNotes(), finish());
    await harness!.runtime.replyToAsk(paused.id, ask.envelope.uuid, RETRY_REPLY);
    await harness!.runtime.idle(paused.id);
    const resumed = await outcome(harness!, paused.id);
    expect(resumed.status).toBe('done');
    // Retry is not the person speaking: no reply recorded, so budgets and caps go on counting.
    expect(resumed.bodies.filter((body) => body.type === 'user_reply')).toEqual([]);
    expect(resumed.actions).toEqual([
      'message.info:success',
      'message.ask:asking',
      'message.ask:success',
      'plan.update:success',
      'message.result:success',
    ]);
    // Nothing forced anew and nothing added for the model: the step that failed, sent as it was.
    const bodies = harness!.server.requests.map(
      (request) => request.body as { messages: unknown[]; tool_choice?: unknown },
    );
    const failed = bodies[1]!;
    const retried = bodies[4]!;
    expect(retried.messages).toEqual(failed.messages);
    expect(retried.tool_choice).toEqual(failed.tool_choice);
  });

  it('Stop at the pause ends the run; a 401 is not retried and says which setting to fix', async () => {
    const paused = await runWith([{ fault: 'reset' }, { fault: 'reset' }], 1);
    const ask = paused.bodies.findLast(
      (body) => body.type === 'envelope' && body.envelope.status === 'asking',
    );
    if (ask?.type !== 'envelope') throw new Error('no question');
    // The card's Stop stops the run there: no reply is written in the person's name.
    await harness!.runtime.stop(paused.id);
    const stopped = await outcome(harness!, paused.id);
    expect(stopped.status).toBe('idle');
    expect(stopped.bodies.filter((body) => body.type === 'user_reply')).toEqual([]);
    expect(stopped.bodies.at(-1)).toMatchObject({
      type: 'notice',
      kind: 'stopped',
      text: 'Stopped: the model server was not answering.',
    });
    await harness!.close();

    const refused = await runWith([{ status: 401, error: 'Incorrect API key provided' }]);
    expect(refused.status).toBe('error');
    expect(refused.retries).toEqual([]);
    expect(harness!.server.requests).toHaveLength(1);
    const error = refused.bodies.find((body) => body.type === 'notice' && body.kind === 'provider_error');
    expect(error).toMatchObject({
      text: expect.stringMatching(/401.*Check the API key of this provider in Settings/),
    });
    // Fixed, the person retries: the same step, nothing forced anew beyond what was due.
    harness!.server.push(acknowledge(), planNotes(), finish());
    await harness!.runtime.retryRun(refused.id);
    await harness!.runtime.idle(refused.id);
    const retried = await outcome(harness!, refused.id);
    expect(retried.status).toBe('done');
    expect(retried.bodies.filter((body) => body.type === 'user_message')).toHaveLength(1);
    await expect(harness!.runtime.retryRun(refused.id)).rejects.toThrow(/nothing to retry/);
  });

  it('Cancel during a wait gives up the retries at once and pauses', async () => {
    harness = await createHarness(
      { maxRetries: 5 },
      {},
      { retryPolicy: { baseDelayMs: 60_000, maxDelayMs: 60_000 } },
    );
    harness.server.setScript([{ fault: 'reset' }]);
    const id = await harness.runtime.startConversation(TASK);
    await expect.poll(async () => (await outcome(harness!, id)).retries.length).toBe(1);
    const cancelledAt = performance.now();
    await harness.runtime.cancelRetries(id);
    await harness.runtime.idle(id);
    expect(performance.now() - cancelledAt).toBeLessThan(2_000);
    const paused = await outcome(harness, id);
    expect(paused.status).toBe('asking');
    const ask = paused.bodies.findLast(
      (body) => body.type === 'envelope' && body.envelope.status === 'asking',
    );
    expect(ask?.type === 'envelope' && ask.envelope.content).toMatch(/^You cancelled the retries/);
  });
});

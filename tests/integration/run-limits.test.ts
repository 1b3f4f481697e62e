import { afterEach, describe, expect, it } from 'vitest';
import { danglingActions } from '../../src/agent-worker/engine/step-policy.ts';
import { MAX_AUTOMATIC_RESTARTS } from '../../src/agent-worker/runtime/runtime-notices.ts';
import type { StoredEvent } from '../../src/shared/protocol/events.ts';
import { CANCEL_REPLY, CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness, lastQuestion } from './harness.ts';

/**
 * Limits a run hits (issue 16): a provider that stalls or streams forever, the run's time
 * limit, and a run a closed page keeps interrupting. Each ends with a clear message, the
 * conversation in a state the person can go on from, and no action left running.
 */
let harness: Harness;
afterEach(async () => {
  await harness.close();
});

/** Actions whose `running` envelope has no completion. */
function dangling(events: readonly StoredEvent[]): string[] {
  return danglingActions(events).map((running) => running.envelope.uuid);
}

describe('a provider that never finishes its reply', () => {
  // Found by the runtime fuzz: the guard stopped a reply whose rest was already buffered,
  // and the SDK's stream never yielded again; the run, and a Stop, waited for ever.
  it('sends one call longer than the limit, all at once: the reply is dropped and the run ends', async () => {
    harness = await createHarness();
    // The hang needed a run of a long call before it (as the fuzz found it): OpenManus
    // reading a URL of a million characters.
    harness.server.setScript([
      call('crawl4ai', { url: 'é'.repeat(1_048_576) }),
      call('terminate', { status: 'success' }),
    ]);
    const before = await harness.runtime.startConversation('Read it.', { profileId: 'openmanus' });
    await harness.runtime.idle(before);
    const huge = { url: 'http://localhost:1/x', brief: '😀'.repeat(1_048_576) };
    harness.server.setScript([acknowledge(), planNotes(), call('browser', huge)]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({
      type: 'notice',
      kind: 'provider_error',
      text: expect.stringMatching(/streamed more than 2,000,000 characters in one reply/),
    });
    expect(dangling(events)).toEqual([]);
  }, 30_000);

  it.each([
    [
      'goes silent after the first chunk',
      'silent',
      /stopped sending in the middle of its reply \(nothing for 1 s\)/,
    ],
    ['sends only empty keep-alive chunks', 'keepalive', /stopped sending in the middle of its reply/],
    [
      'streams text without end',
      'text',
      /streamed more than 2,000,000 characters in one reply without ending it/,
    ],
  ] as const)(
    '%s: the reply is dropped with a clear message, and the conversation goes on after it',
    async (_name, endless, message) => {
      harness = await createHarness({ requestTimeoutMs: 1_000 });
      harness.server.setScript([acknowledge(), { endless, chunkDelayMs: 1 }]);
      const started = performance.now();
      const id = await harness.runtime.startConversation(NOTES_TASK);
      await harness.runtime.idle(id);
      const seconds = (performance.now() - started) / 1000;
      console.log(`[limits] a provider that ${_name}: ended after ${seconds.toFixed(1)} s`);

      const events = await harness.events(id);
      // A stall may pass: with no retries allowed (the harness's maxRetries 0) the run pauses to
      // ask at once; a reply that never ends will not pass: the run ends on the error.
      const isStall = endless !== 'text';
      expect(events.at(-1)?.body).toMatchObject(
        isStall
          ? {
              type: 'envelope',
              envelope: { status: 'asking', meta: { runtime_reason: 'provider_unavailable' } },
            }
          : { type: 'notice', kind: 'provider_error' },
      );
      expect(JSON.stringify(events.at(-1)?.body)).toMatch(message);
      expect((await harness.runtime.readConversation(id))?.conversation.status).toBe(
        isStall ? 'asking' : 'error',
      );
      expect(dangling(events)).toEqual([]);
      // Nothing of the dropped reply was recorded as the model's turn.
      expect(events.filter(({ body }) => body.type === 'assistant_turn')).toHaveLength(1);

      // The person sends again and the run goes on from the log.
      harness.server.setScript([
        acknowledge(),
        planNotes(),
        call('message', { type: 'result', text: 'Done.' }),
      ]);
      await harness.runtime.sendMessage(id, 'Try again.');
      await harness.runtime.idle(id);
      expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    },
    30_000,
  );
});

describe("a run's time limit", () => {
  it('stops the action in flight, asks whether to go on, and goes on or stops as answered', async () => {
    // A "minute" of 400 ms: the limit of 1 minute passes while `sleep 30` runs.
    harness = await createHarness({ runTimeLimitMinutes: 1 }, {}, { minuteMs: 400 });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'sleep 30' }),
    ]);
    const started = performance.now();
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect(performance.now() - started).toBeLessThan(10_000);

    const events = await harness.events(id);
    const shell = (await harness.completions(id)).find((envelope) => envelope.meta.tool === 'shell');
    expect(shell).toMatchObject({ status: 'error', meta: { error: { kind: 'cancelled' } } });
    expect(JSON.stringify(shell?.meta.error)).toContain("Stopped at the run's time limit (1 minute).");
    const question = lastQuestion(events);
    expect(question.meta).toMatchObject({ runtime_reason: 'time_limit', suggested_action: 'confirm' });
    expect(question.content).toMatch(/worked for 1 minute, its time limit \(Settings → Runs\)/);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('asking');
    expect(dangling(events)).toEqual([]);
    expect(events.some(({ body }) => body.type === 'notice' && body.kind === 'stopped')).toBe(false);

    // Continue: a new run, with a fresh clock, finishes.
    harness.server.setScript([call('message', { type: 'result', text: 'Done in time.' })]);
    await harness.runtime.replyToAsk(id, question.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  }, 30_000);

  it('stops for good when the person declines, and cuts a model reply that runs past it', async () => {
    harness = await createHarness({ runTimeLimitMinutes: 1 }, {}, { minuteMs: 400 });
    // The model answers slower than the limit: the request itself is stopped.
    harness.server.setScript([acknowledge(), { ...planNotes(), delayMs: 5_000 }]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const question = lastQuestion(await harness.events(id));
    expect(question.meta).toMatchObject({ runtime_reason: 'time_limit' });

    await harness.runtime.replyToAsk(id, question.uuid, CANCEL_REPLY);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({
      type: 'notice',
      kind: 'stopped',
      text: 'Stopped at the time limit.',
    });
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('idle');
    expect(harness.server.requests).toHaveLength(2);
  }, 30_000);

  it('is off by default: a run with no limit is never stopped by one', async () => {
    harness = await createHarness({}, {}, { minuteMs: 1 });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'sleep 0.3' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  }, 30_000);
});

describe('a run a closed page keeps interrupting, with "Continue by itself"', () => {
  it(`goes on by itself ${MAX_AUTOMATIC_RESTARTS} times in a row, then asks`, async () => {
    harness = await createHarness({ interruptedRuns: 'continue' });
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      { ...call('plan', { action: 'advance' }), delayMs: 60_000 },
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.server.waitForRequests(3);
    for (let restart = 1; restart <= MAX_AUTOMATIC_RESTARTS + 1; restart += 1) {
      // Each reopened tab's run hangs on its model request, and the tab is closed again.
      harness.server.push({ ...acknowledge('slow'), delayMs: 60_000 });
      const fresh = harness.reload();
      await fresh.recoverInterruptedRuns();
      const status = (await fresh.readConversation(id))?.conversation.status;
      if (restart <= MAX_AUTOMATIC_RESTARTS) {
        expect(status, `restart ${restart}`).toBe('running');
        await harness.server.waitForRequests(3 + restart);
      } else {
        expect(status, `restart ${restart}`).toBe('asking');
      }
    }
    const events = await harness.events(id);
    const question = lastQuestion(events);
    expect(question.meta).toMatchObject({ runtime_reason: 'interrupted', suggested_action: 'confirm' });
    expect(question.content).toContain(
      'for the fourth time in a row since your last message, so I did not go on by myself',
    );
    expect(events.filter(({ body }) => body.type === 'notice' && body.kind === 'interrupted')).toHaveLength(
      MAX_AUTOMATIC_RESTARTS,
    );
    expect(dangling(events)).toEqual([]);
  }, 30_000);
});

describe('the workspace quota and the output caps', () => {
  it('refuses a write past the workspace limit with an observation the model can act on, and keeps the old files', async () => {
    harness = await createHarness({ workspaceLimitBytes: 64 * 1024 });
    const kept = 'kept\n';
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('file', { action: 'write', path: '/home/ubuntu/kept.txt', text: kept }),
      call('file', { action: 'write', path: '/home/ubuntu/big.txt', text: 'x'.repeat(100 * 1024) }),
      call('shell', { action: 'exec', session: 'main', command: 'seq 1 40000 > /home/ubuntu/numbers.txt' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const completions = await harness.completions(id);
    const write = completions.find(
      (envelope) => envelope.meta.action_type === 'file.write' && envelope.status === 'error',
    );
    expect(write?.content).toBe(
      'The workspace would hold 100.0 KiB, over its limit of 64.0 KiB. Delete files or raise the limit in Settings; nothing was written.',
    );
    const shell = completions.find((envelope) => envelope.meta.tool === 'shell');
    console.log(`[limits] workspace quota: file.write → ${write?.meta.error?.message}`);
    console.log(
      `[limits] workspace quota: shell → ${shell?.status}: ${JSON.stringify(shell?.meta.error ?? shell?.content).slice(0, 300)}`,
    );
    expect(shell?.meta.error?.message).toMatch(/over its limit of 64\.0 KiB.*nothing was written/);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
    expect(dangling(await harness.events(id))).toEqual([]);
    // The workspace (paths under /home/ubuntu) holds what was written before the limit, and nothing of the refused writes.
    const workspace = new WorkspaceRepository(harness.database);
    const paths = await workspace.paths(id);
    expect(paths).toEqual(['kept.txt']);
    expect(await workspace.usedBytes(id)).toBeLessThanOrEqual(64 * 1024);
  }, 30_000);

  it('keeps a huge command output out of the context: an excerpt in the envelope, the whole output in a file', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('shell', { action: 'exec', session: 'main', command: 'seq 1 300000' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    const shell = (await harness.completions(id)).find((envelope) => envelope.meta.tool === 'shell');
    const recorded = JSON.stringify(shell).length;
    const lastRequest = JSON.stringify(harness.server.requests.at(-1)?.body).length;
    console.log(
      `[limits] output cap: 2.0 MB of output → envelope ${recorded} chars, next request ${lastRequest} chars`,
    );
    expect(recorded).toBeLessThan(64 * 1024);
    expect(lastRequest).toBeLessThan(128 * 1024);
    expect((await harness.runtime.readConversation(id))?.conversation.status).toBe('done');
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import type { EventBody } from '../../shared/protocol/events.ts';
import type { ModelResult } from './chat-messages.ts';
import {
  type Connectivity,
  OFFLINE_TEXT,
  type RetryPolicy,
  retryDelayMs,
  sendWithRetries,
} from './model-retries.ts';

/** A browser that is always online. */
const online: Connectivity = { isOffline: () => false, whenOnline: async () => undefined };

const policy: RetryPolicy = {
  retries: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  random: () => 0.5,
  connectivity: online,
};
const reset: ModelResult = { type: 'failure', kind: 'network', message: 'Reset.', transient: true };
const ok: ModelResult = { type: 'response', text: '', toolCalls: [], usage: null, model: 'm' };

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, spread ±25% around it', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(retry, reset, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(1, reset, { ...policy, random: () => 0 })).toBe(750);
    expect(retryDelayMs(1, reset, { ...policy, random: () => 0.999999 })).toBe(1_250);
  });

  it('honours Retry-After as asked, and refuses to wait longer than the most it takes', () => {
    expect(retryDelayMs(1, { ...reset, retryAfterMs: 2_000 }, policy)).toBe(2_000);
    expect(retryDelayMs(3, { ...reset, retryAfterMs: 0 }, policy)).toBe(0);
    expect(retryDelayMs(1, { ...reset, retryAfterMs: 600_000 }, policy)).toBeNull();
  });
});

/** Runs `sendWithRetries` over `results` (the last repeats) with no real waits. */
async function run(
  results: ModelResult[],
  options: { giveUpAfter?: number; stopAfter?: number; connectivity?: Connectivity; retries?: number } = {},
) {
  const stop = new AbortController();
  const giveUp = new AbortController();
  const notices: EventBody[] = [];
  let sent = 0;
  const outcome = await sendWithRetries({
    send: async () => {
      sent += 1;
      if (options.stopAfter === sent) stop.abort();
      return results[Math.min(sent, results.length) - 1]!;
    },
    record: async (notice) => {
      notices.push(notice);
      if (options.giveUpAfter === notices.length) giveUp.abort();
    },
    policy: {
      ...policy,
      baseDelayMs: 1,
      maxDelayMs: 1,
      retries: options.retries ?? policy.retries,
      connectivity: options.connectivity ?? online,
    },
    signal: stop.signal,
    giveUp: giveUp.signal,
    now: () => 1_000,
  });
  return { ...outcome, sent, notices };
}

describe('sendWithRetries', () => {
  it('sends again after passing failures, one notice per wait, until an answer', async () => {
    const { result, gaveUp, sent, notices } = await run([reset, reset, ok]);
    expect(result).toBe(ok);
    expect(gaveUp).toBeNull();
    expect(sent).toBe(3);
    expect(notices).toEqual([
      {
        type: 'notice',
        kind: 'retrying',
        text: 'Reset. Retrying in 1 s (1 of 5).',
        forModel: false,
        retry: { attempt: 1, of: 5, at: 1_001 },
      },
      {
        type: 'notice',
        kind: 'retrying',
        text: 'Reset. Retrying in 1 s (2 of 5).',
        forModel: false,
        retry: { attempt: 2, of: 5, at: 1_001 },
      },
    ]);
  });

  it('gives up once the retries are spent, or when the person cancels them', async () => {
    expect(await run([reset])).toMatchObject({ sent: 6, gaveUp: { reason: 'spent', attempts: 6 } });
    expect(await run([reset], { giveUpAfter: 2 })).toMatchObject({
      sent: 2,
      gaveUp: { reason: 'cancelled' },
    });
  });

  it('does not retry what will not pass (a 401, a refusal), nor a stop', async () => {
    const refused: ModelResult = { type: 'failure', kind: 'http', status: 401, message: 'No.' };
    expect(await run([refused])).toMatchObject({ sent: 1, gaveUp: null, notices: [] });
    const stopped = await run([reset], { stopAfter: 2 });
    expect(stopped).toMatchObject({ sent: 2, gaveUp: null, result: { kind: 'cancelled' } });
  });

  it('a server asking for too long a wait pauses the run at once', async () => {
    const slow = await run([{ ...reset, retryAfterMs: 3_600_000 }]);
    expect(slow).toMatchObject({ sent: 1, gaveUp: { reason: 'long_wait' }, notices: [] });
  });

  it('while the browser is offline, says so and waits for the network, then sends again at once, not as a retry', async () => {
    let isOffline = true;
    const waits: string[] = [];
    const connectivity: Connectivity = {
      isOffline: () => isOffline,
      whenOnline: async () => {
        waits.push('waited');
        isOffline = false;
      },
    };
    // No retries left to spend: the offline wait is not one of them.
    const { result, gaveUp, sent, notices } = await run([reset, ok], { connectivity, retries: 0 });
    expect(result).toBe(ok);
    expect(gaveUp).toBeNull();
    expect(sent).toBe(2);
    expect(waits).toEqual(['waited']);
    expect(notices).toEqual([{ type: 'notice', kind: 'offline', text: OFFLINE_TEXT, forModel: false }]);
  });

  it('waits again each time a request fails offline, and a stop ends the wait', async () => {
    const offline: Connectivity = { isOffline: () => true, whenOnline: async () => undefined };
    const stopped = await run([reset], { connectivity: offline, stopAfter: 3 });
    expect(stopped).toMatchObject({ sent: 3, gaveUp: null, result: { kind: 'cancelled' } });
    expect(stopped.notices.map((notice) => notice.type === 'notice' && notice.kind)).toEqual([
      'offline',
      'offline',
    ]);
  });

  it('an answer that is not a network failure is retried as usual, offline or not', async () => {
    const offline: Connectivity = { isOffline: () => true, whenOnline: async () => undefined };
    const busy: ModelResult = {
      type: 'failure',
      kind: 'http',
      status: 503,
      message: 'Busy.',
      transient: true,
    };
    const { notices } = await run([busy, ok], { connectivity: offline });
    expect(notices.map((notice) => notice.type === 'notice' && notice.kind)).toEqual(['retrying']);
  });
});

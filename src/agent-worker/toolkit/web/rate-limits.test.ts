import { describe, expect, it } from 'vitest';
import { MAX_RATE_LIMIT_WAIT_MS, RateLimitedError, ServiceQueue } from './rate-limits.ts';
import type { WebClock } from './web-clock.ts';

/** A clock whose `sleep` moves time on at once, recording each wait. */
function testClock(start = 1_000_000): WebClock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

describe('a service queue', () => {
  const signal = new AbortController().signal;

  it('lets requests through up to the limit, then waits for the window to free a slot, saying so', async () => {
    const clock = testClock();
    const queue = new ServiceQueue('GitHub', { requests: 2, perMs: 20_000 });
    const announced: number[] = [];
    await queue.take(clock, signal, (wait) => announced.push(wait));
    await queue.take(clock, signal, (wait) => announced.push(wait));
    expect(clock.waits).toEqual([]);
    await queue.take(clock, signal, (wait) => announced.push(wait));
    expect(clock.waits).toEqual([20_000]);
    expect(announced).toEqual([20_000]);
  });

  it('refuses at once when the wait is longer than the agent waits', async () => {
    const clock = testClock();
    const queue = new ServiceQueue('GitHub', { requests: 1, perMs: 60_000 });
    await queue.take(clock, signal, () => undefined);
    const refusal = await queue.take(clock, signal, () => undefined).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).waitMs).toBe(60_000);
    expect((refusal as Error).message).toContain(
      "GitHub's rate limit is spent: the next request is allowed in 60 s",
    );
    expect(clock.waits).toEqual([]);
  });

  it('holds every request during a pause the service asked for', async () => {
    const clock = testClock();
    const queue = new ServiceQueue('Openverse', null);
    queue.pauseUntil(clock.now() + 5_000);
    await queue.take(clock, signal, () => undefined);
    expect(clock.waits).toEqual([5_000]);
    queue.pauseUntil(clock.now() + MAX_RATE_LIMIT_WAIT_MS + 1);
    await expect(queue.take(clock, signal, () => undefined)).rejects.toBeInstanceOf(RateLimitedError);
  });
});

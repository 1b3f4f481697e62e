import type { WebClock } from './web-clock.ts';

/** Requests a service allows in a window of time. */
export type RateLimit = { requests: number; perMs: number };

/** The longest the agent waits for a service's rate limit before trying the next service. */
export const MAX_RATE_LIMIT_WAIT_MS = 30_000;

/** A service's rate limit is spent for longer than the agent is willing to wait. */
export class RateLimitedError extends Error {
  constructor(
    readonly serviceName: string,
    readonly waitMs: number,
  ) {
    super(
      `${serviceName}'s rate limit is spent: the next request is allowed in ${Math.ceil(waitMs / 1000)} s, longer than the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s the agent waits.`,
    );
    this.name = 'RateLimitedError';
  }
}

/**
 * The queue in front of one service: a sliding window of the requests sent (at most
 * `limit.requests` per `limit.perMs`), and a pause the service asked for (a 429 with
 * `Retry-After`). A request waits its turn when the wait is short and says so; a long
 * wait is refused at once, so the search can go on with the next provider.
 */
export class ServiceQueue {
  private readonly sent: number[] = [];
  private pausedUntil = 0;

  constructor(
    readonly serviceName: string,
    private readonly limit: RateLimit | null,
  ) {}

  /** Milliseconds before a request may go out now. */
  waitFor(now: number): number {
    let wait = Math.max(0, this.pausedUntil - now);
    if (this.limit) {
      const windowStart = now - this.limit.perMs;
      while (this.sent.length > 0 && (this.sent[0] as number) <= windowStart) this.sent.shift();
      if (this.sent.length >= this.limit.requests) {
        const oldest = this.sent[this.sent.length - this.limit.requests] as number;
        wait = Math.max(wait, oldest + this.limit.perMs - now);
      }
    }
    return wait;
  }

  /**
   * Takes a slot, waiting for it when the wait is at most `MAX_RATE_LIMIT_WAIT_MS`
   * (`onWait` says how long first). Throws `RateLimitedError` for a longer wait.
   */
  async take(clock: WebClock, signal: AbortSignal, onWait: (waitMs: number) => void): Promise<void> {
    for (;;) {
      const wait = this.waitFor(clock.now());
      if (wait <= 0) break;
      if (wait > MAX_RATE_LIMIT_WAIT_MS) throw new RateLimitedError(this.serviceName, wait);
      onWait(wait);
      await clock.sleep(wait, signal);
    }
    this.sent.push(clock.now());
  }

  /** The service asked for a pause (a 429): no request goes out before `until`. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}

/**
 * The queues of every service, kept for the life of the worker: rate limits count per
 * browser (per IP), not per run, so two searches in a row share one window.
 */
export class ServiceQueues {
  private readonly queues = new Map<string, ServiceQueue>();

  queueFor(id: string, serviceName: string, limit: RateLimit | null): ServiceQueue {
    let queue = this.queues.get(id);
    if (!queue) {
      queue = new ServiceQueue(serviceName, limit);
      this.queues.set(id, queue);
    }
    return queue;
  }
}

import type { EventBody } from '../../shared/protocol/events.ts';
import type { ModelResult } from './chat-messages.ts';

type Failure = Extract<ModelResult, { type: 'failure' }>;

/**
 * What the browser says of its network: whether it is offline (`navigator.onLine`, which
 * workers have too), and a wait until it says it is online again.
 */
export type Connectivity = {
  isOffline: () => boolean;
  /** Resolves once the browser says it is online (at once if it is), or when a signal aborts. */
  whenOnline: (signals: readonly AbortSignal[]) => Promise<void>;
};

/** How often the wait for the network looks at `navigator.onLine` besides its `online` event. */
const ONLINE_CHECK_MS = 1_000;

/**
 * The connectivity of the thread this runs in (a page or a worker: both have
 * `navigator.onLine` and `online` events); where there is none (Node), always online.
 */
export const BROWSER_CONNECTIVITY: Connectivity = {
  isOffline: () => globalThis.navigator?.onLine === false,
  whenOnline: (signals) =>
    new Promise((done) => {
      const scope = globalThis as {
        addEventListener?: typeof addEventListener;
        removeEventListener?: typeof removeEventListener;
      };
      const finish = () => {
        clearInterval(timer);
        scope.removeEventListener?.('online', check);
        for (const signal of signals) signal.removeEventListener('abort', finish);
        done();
      };
      // The event comes at once; the check is there for a browser that misses one.
      const check = () => {
        if (!BROWSER_CONNECTIVITY.isOffline()) finish();
      };
      const timer = setInterval(check, ONLINE_CHECK_MS);
      scope.addEventListener?.('online', check);
      for (const signal of signals) signal.addEventListener('abort', finish, { once: true });
      if (signals.some((signal) => signal.aborted)) finish();
      else check();
    }),
};

/**
 * How a model request that failed on something passing is sent again: up to `retries`
 * more times, after a delay that doubles from `baseDelayMs` up to `maxDelayMs`, each
 * spread by ±25% (`random`) so that many tabs hit by one outage do not come back at once.
 * A server's own `Retry-After` is honoured as asked, up to `maxRetryAfterMs`; asked to
 * wait longer, the run pauses and says so rather than wait unseen. A request that could
 * not reach its server while the browser says it is offline (`connectivity`) is neither
 * counted nor retried on a timer: it goes again as soon as the browser is online.
 */
export type RetryPolicy = {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  random: () => number;
  /** Absent: the thread's own (`BROWSER_CONNECTIVITY`). */
  connectivity?: Connectivity;
};

export const DEFAULT_RETRY_POLICY: Omit<RetryPolicy, 'retries'> = {
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  random: Math.random,
  connectivity: BROWSER_CONNECTIVITY,
};

/** The words of the wait for the network, shown in the thread while it lasts. */
export const OFFLINE_TEXT = 'You are offline. The run goes on by itself as soon as the network is back.';

/**
 * Whether a failure is the browser being offline: the request could not reach its server
 * (a network failure, not an answer) while the browser says it is offline. A server on this
 * computer may still answer while the browser says so: only what failed counts.
 */
export function isOfflineFailure(failure: Failure, connectivity: Connectivity): boolean {
  return failure.kind === 'network' && connectivity.isOffline();
}

/** The notice of a request that could not go while the browser is offline: the run waits for the network. */
export function offlineNotice(): EventBody {
  return { type: 'notice', kind: 'offline', text: OFFLINE_TEXT, forModel: false };
}

/** The wait before retry number `retry` (1 for the first), or null when the server asks for too long a wait. */
export function retryDelayMs(retry: number, failure: Failure, policy: RetryPolicy): number | null {
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= policy.maxRetryAfterMs ? failure.retryAfterMs : null;
  }
  const doubled = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(doubled * (0.75 + policy.random() * 0.5));
}

/** Whether a failure is worth sending the same request again for. */
export function isRetryable(failure: Failure): boolean {
  return failure.transient === true;
}

/**
 * The notice of one failed attempt about to be sent again: what happened, and when the
 * next attempt goes (`retry.at`, for the live countdown), out of how many.
 */
export function retryNotice(
  failure: Failure,
  retry: number,
  of: number,
  at: number,
  delayMs: number,
): EventBody {
  const seconds = Math.max(1, Math.round(delayMs / 1000));
  return {
    type: 'notice',
    kind: 'retrying',
    text: `${failure.message} Retrying in ${seconds} s (${retry} of ${of}).`,
    forModel: false,
    retry: { attempt: retry, of, at },
  };
}

/** Why the run pauses after its retries: the last failure, how many attempts were made, and what to do. */
export function unavailableQuestion(
  failure: Failure,
  attempts: number,
  reason: 'spent' | 'cancelled' | 'long_wait',
): string {
  const why =
    reason === 'cancelled'
      ? 'You cancelled the retries'
      : reason === 'long_wait'
        ? `The provider asked to wait ${Math.ceil((failure.retryAfterMs ?? 0) / 60_000)} min before the next request`
        : `The model request failed ${attempts} times in a row`;
  return `${why}. The last failure: ${failure.message}\n\nNothing is lost: **Retry** sends the same step again, or **Stop** ends the run here. You can also reply to tell the agent something.`;
}

/** Waits `ms`, or less when one of `signals` is aborted first; resolves either way. */
export function pause(ms: number, signals: readonly AbortSignal[]): Promise<void> {
  return new Promise((done) => {
    if (signals.some((signal) => signal.aborted)) return done();
    const finish = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', finish);
      done();
    };
    const timer = setTimeout(finish, ms);
    for (const signal of signals) signal.addEventListener('abort', finish, { once: true });
  });
}

/** How a request with retries ended: its last result, and when it failed for good on something passing, why. */
export type RetriedResult = {
  result: ModelResult;
  /** Set when the last result is a passing failure the run stops trying: retries spent, cancelled, or a long wait asked. */
  gaveUp: { reason: 'spent' | 'cancelled' | 'long_wait'; attempts: number } | null;
};

/**
 * Sends a model request, and on a passing failure sends it again per `policy`, each wait
 * recorded first as a `retrying` notice (so the person sees it, and a reload shows it).
 * One that could not reach its server while the browser is offline is recorded as an
 * `offline` notice and sent again the moment the browser is online, without counting as a
 * retry. A stop (`signal`) ends the waiting at once and comes back as the failure it is; the
 * person's Cancel (`giveUp`) ends the retries and says so.
 */
export async function sendWithRetries(options: {
  send: () => Promise<ModelResult>;
  record: (notice: EventBody) => Promise<void>;
  policy: RetryPolicy;
  signal: AbortSignal;
  giveUp: AbortSignal;
  now: () => number;
}): Promise<RetriedResult> {
  const { policy, signal, giveUp } = options;
  const connectivity = policy.connectivity ?? BROWSER_CONNECTIVITY;
  const stopped = (failure: Failure): RetriedResult => ({
    result: { ...failure, kind: 'cancelled', transient: false },
    gaveUp: null,
  });
  let result = await options.send();
  let retry = 1;
  while (result.type === 'failure' && isRetryable(result)) {
    if (signal.aborted) return stopped(result);
    if (giveUp.aborted) return { result, gaveUp: { reason: 'cancelled', attempts: retry } };
    if (isOfflineFailure(result, connectivity)) {
      await options.record(offlineNotice());
      await connectivity.whenOnline([signal, giveUp]);
      if (signal.aborted) return stopped(result);
      if (giveUp.aborted) return { result, gaveUp: { reason: 'cancelled', attempts: retry } };
      result = await options.send();
      continue;
    }
    if (retry > policy.retries) return { result, gaveUp: { reason: 'spent', attempts: retry } };
    const delay = retryDelayMs(retry, result, policy);
    if (delay === null) return { result, gaveUp: { reason: 'long_wait', attempts: retry } };
    await options.record(retryNotice(result, retry, policy.retries, options.now() + delay, delay));
    await pause(delay, [signal, giveUp]);
    if (signal.aborted) return stopped(result);
    if (giveUp.aborted) return { result, gaveUp: { reason: 'cancelled', attempts: retry } };
    result = await options.send();
    retry += 1;
  }
  return { result, gaveUp: null };
}

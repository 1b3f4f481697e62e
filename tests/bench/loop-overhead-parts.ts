/**
 * The loop-overhead bench's arithmetic: the diagnostics the agent worker sends, and each
 * step's parts (ms) from them and the server's gaps (see loop-overhead.bench.test.ts).
 */
export const CHAT_PATH = '/v1/chat/completions';

export type Diagnostic =
  | { kind: 'step'; answeredAt: number; responseAt: number; requestAt: number; sentAt: number }
  | { kind: 'action'; durationMs: number }
  | { kind: 'commit'; isStaged: boolean; startedAt: number; committedAt: number; publishedAt: number }
  | {
      kind: 'request';
      path: string;
      startTime: number;
      workerStart: number;
      fetchStart: number;
      requestStart: number;
      responseEnd: number;
    };

export type Window = { diagnostics: Diagnostic[] };

/**
 * The gaps (ms) the server saw between `requests`, each from the last byte of response N to
 * request N+1 arriving (a paced answer's wait is the model's, not the client's: the gap
 * starts at its last byte). Throws if a request is unfinished.
 */
export function serverGapsOf(requests: readonly { receivedAt: number; respondedAt?: number }[]): number[] {
  const gaps: number[] = [];
  for (let index = 1; index < requests.length; index += 1) {
    const respondedAt = requests[index - 1]?.respondedAt;
    const receivedAt = requests[index]?.receivedAt;
    if (respondedAt === undefined || receivedAt === undefined) throw new Error(`request ${index} unfinished`);
    gaps.push(receivedAt - respondedAt);
  }
  return gaps;
}

/** The value at `quantile` (0.5 the median) of `values`. */
export function quantileOf(values: number[], quantile: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN;
}

export function summary(values: number[]): string {
  const at = (quantile: number) => quantileOf(values, quantile);
  const format = (value: number) => value.toFixed(2).padStart(6);
  return `median ${format(at(0.5))}  p95 ${format(at(0.95))}  max ${format(at(1))} ms`;
}

export type Commit = Extract<Diagnostic, { kind: 'commit' }>;

/**
 * How long the loop was held by IndexedDB between `from` and `to`: the writes it awaited,
 * and the wait for a staged write (one the loop went on from) still committing at `from`,
 * which the loop awaits before it acts on the next answer. Then the broadcasts of writes
 * committed meanwhile, and the staged writes begun meanwhile (committing in the background).
 */
export function commitsBetween(commits: Commit[], from: number, to: number) {
  let awaited = 0;
  let publish = 0;
  let staged = 0;
  for (const commit of commits) {
    const { startedAt, committedAt, publishedAt } = commit;
    if (!commit.isStaged && startedAt >= from && startedAt < to) awaited += committedAt - startedAt;
    if (commit.isStaged && startedAt < from && committedAt > from)
      awaited += Math.min(committedAt, to) - from;
    if (commit.isStaged && startedAt >= from && startedAt < to) staged += committedAt - startedAt;
    if (committedAt >= from && committedAt < to) publish += publishedAt - committedAt;
  }
  return { awaited, publish, staged };
}

/** One step's parts (ms), from the diagnostics in the order the worker sent them. */
export function stepParts(diagnostics: Diagnostic[], serverGaps: number[]): Record<string, number>[] {
  const requests = diagnostics.filter(
    (entry): entry is Extract<Diagnostic, { kind: 'request' }> =>
      entry.kind === 'request' && entry.path === CHAT_PATH,
  );
  const commits = diagnostics.filter((entry): entry is Commit => entry.kind === 'commit');
  const parts: Record<string, number>[] = [];
  let tool = 0;
  let stepIndex = 0;
  for (const entry of diagnostics) {
    if (entry.kind === 'action') tool += entry.durationMs;
    if (entry.kind !== 'step') continue;
    stepIndex += 1;
    const previous = requests[stepIndex - 1];
    const current = requests[stepIndex];
    const server = serverGaps[stepIndex - 1];
    if (!previous || !current || server === undefined)
      throw new Error(`step ${stepIndex} is missing timings`);
    const loop = entry.requestAt - entry.responseAt;
    const { awaited, publish, staged } = commitsBetween(commits, entry.responseAt, entry.requestAt);
    parts.push({
      server,
      streamEnd: entry.responseAt - previous.responseEnd,
      answered: entry.answeredAt - previous.responseEnd,
      commitWait: entry.responseAt - entry.answeredAt,
      loop,
      tool,
      commit: awaited,
      publish,
      loopRest: loop - tool - awaited - publish,
      staged,
      sdk: entry.sentAt - entry.requestAt,
      toSocket: current.requestStart - entry.sentAt,
      // Without a service worker (workerStart 0) the fetch event's part is 0.
      serviceWorker: current.workerStart > 0 ? current.fetchStart - current.workerStart : 0,
      loopback: server - (current.requestStart - previous.responseEnd),
      worker: entry.sentAt - entry.responseAt,
    });
    tool = 0;
  }
  return parts;
}

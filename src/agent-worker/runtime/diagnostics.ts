import { DETAILED_DIAGNOSTICS_REQUEST } from '../../shared/protocol/broadcast.ts';
import type { StepTiming } from '../engine/loop.ts';

/** The path that ends a model request's URL (OpenAI-compatible servers). */
const CHAT_COMPLETIONS_PATH = '/chat/completions';

/**
 * The worker's side of the diagnostics channel (benchmarks): step and action timings
 * always; once a page asks (`DETAILED_DIAGNOSTICS_REQUEST`), each journal commit and the
 * Resource Timing of each of the worker's model requests too, all on the worker's clock (a
 * request by its path only: a query string may carry a key). Returns the timing sink.
 */
export function createDiagnostics(channel: BroadcastChannel): (timing: StepTiming) => void {
  let isDetailed = false;
  /** Posts `message`; false once the channel is closed (the worker is shutting down: nobody listens). */
  const post = (message: unknown): boolean => {
    try {
      channel.postMessage(message);
      return true;
    } catch {
      return false;
    }
  };
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isDetailed || (event.data as { kind?: unknown } | null)?.kind !== DETAILED_DIAGNOSTICS_REQUEST)
      return;
    isDetailed = true;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.initiatorType !== 'fetch') continue;
        // `workerStart` (0 without a service worker): the controlling service worker's fetch
        // event dispatched; `fetchStart`, once it let the request go on to the network.
        const { startTime, workerStart, fetchStart, requestStart, responseStart, responseEnd } = entry;
        const path = new URL(entry.name).pathname;
        // Only the model's requests: another request's path may hold anything a call put in
        // its URL, a key too (found by the runtime fuzz), and nothing reads those timings.
        if (!path.endsWith(CHAT_COMPLETIONS_PATH)) continue;
        if (
          !post({
            kind: 'request',
            path,
            startTime,
            workerStart,
            fetchStart,
            requestStart,
            responseStart,
            responseEnd,
          })
        ) {
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe({ type: 'resource' });
  });
  return (timing) => {
    if (timing.kind !== 'commit' || isDetailed) post(timing);
  };
}

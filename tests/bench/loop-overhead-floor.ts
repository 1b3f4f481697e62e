import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RecordedRequest, ScriptedServer, ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { serverGapsOf } from './loop-overhead-parts.ts';

/**
 * The loop-overhead bench's floor: what the same Chromium, loopback and scripted server
 * cost between two chat-completions requests with no app at all. A bare dedicated Web
 * Worker (from a blob, in a page of the app's origin) sends the body of one of the app's
 * own requests to the scripted server `turns.length` times, one after the other, reading
 * each Server-Sent Events reply to its end as a chat-completions stream (its tool call's
 * arguments gathered and parsed), and the server measures the same gap as for the app.
 *
 * The page is one the app's service worker does not control: the worker is unregistered
 * first (the floor runs last), then the tab goes to a path of the static server that
 * serves no app (its plain 404 page), and a blob worker inherits its page's (absent)
 * controller. So no fetch event and no cross-origin isolation headers: the app pays its
 * service worker's fetch event on every request, measured in the app's (d); the floor has
 * none, which the bench checks in the worker's Resource Timing (`workerStart` 0).
 */

/** Per gap (ms): at the server, then its parts on the worker's clock (see `floorParts`). */
export type FloorRun = {
  parts: Record<string, number>[];
  /** Requests that went through a service worker's fetch event (0 expected). */
  throughServiceWorker: number;
  preflights: number;
  /** The request body's size in bytes. */
  bodyBytes: number;
};

/** What the worker is told. */
type FloorOrder = { url: string; headers: Record<string, string>; body: string; steps: number };

/** What the worker reports (its `performance.now()`), per request in order. */
type FloorTimings = {
  fetchAt: number[];
  readEndAt: number[];
  requests: { requestStart: number; responseEnd: number; workerStart: number }[];
  calls: number;
  error?: string;
};

type FloorWindow = { floor?: FloorTimings };

/** Headers the browser sets itself: the rest are those the app set (the SDK's). */
const BROWSER_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'origin',
  'referer',
  'user-agent',
  'accept-encoding',
  'accept-language',
  'cookie',
  'priority',
]);

/** The headers the app set on `request`, to send again as they were. */
function appHeaders(request: RecordedRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (BROWSER_HEADERS.has(name) || name.startsWith('sec-') || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The worker's code, run from its source text: it may use nothing from outside itself (no
 * imports, no helpers), only what a worker has.
 */
const floorWorker = () => {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<FloorOrder>) => void) | null;
    postMessage(message: FloorTimings): void;
  };
  scope.onmessage = async (event) => {
    const { url, headers, body, steps } = event.data;
    const timings: FloorTimings = { fetchAt: [], readEndAt: [], requests: [], calls: 0 };
    performance.setResourceTimingBufferSize(steps + 50);
    try {
      for (let step = 0; step < steps; step += 1) {
        timings.fetchAt.push(performance.now());
        const response = await fetch(url, { method: 'POST', headers, body });
        if (!response.ok || !response.body) throw new Error(`request ${step + 1}: HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        let callArguments = '';
        let isDone = false;
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          buffer += read.value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n');
            buffer = buffer.slice(end + 2);
            if (data === '[DONE]') isDone = true;
            if (data === '' || data === '[DONE]') continue;
            const chunk = JSON.parse(data) as {
              choices?: { delta?: { tool_calls?: { function?: { arguments?: string } }[] } }[];
            };
            for (const call of chunk.choices?.[0]?.delta?.tool_calls ?? [])
              callArguments += call.function?.arguments ?? '';
          }
        }
        if (!isDone) throw new Error(`request ${step + 1}: the stream ended before [DONE]`);
        if (callArguments !== '') {
          JSON.parse(callArguments);
          timings.calls += 1;
        }
        timings.readEndAt.push(performance.now());
      }
    } catch (error) {
      timings.error = String(error);
    }
    timings.requests = (performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[]).map(
      ({ requestStart, responseEnd, workerStart }) => ({ requestStart, responseEnd, workerStart }),
    );
    scope.postMessage(timings);
  };
};

/**
 * Each gap's parts (ms), each a difference of two moments on one clock, summing to the
 * server's gap: the stream read to its end (response end in the network stack → the
 * reader done), the worker's own step (reader done → `fetch` called), `fetch` called →
 * the request's headers on the socket, and the loopback both ways (the server's gap minus
 * the worker's, as for the app).
 */
function floorParts(timings: FloorTimings, serverGaps: number[]): Record<string, number>[] {
  return serverGaps.map((server, index) => {
    const previous = timings.requests[index];
    const current = timings.requests[index + 1];
    const readEnd = timings.readEndAt[index];
    const fetchAt = timings.fetchAt[index + 1];
    if (!previous || !current || readEnd === undefined || fetchAt === undefined)
      throw new Error(`floor request ${index + 2} is missing timings`);
    return {
      server,
      answered: readEnd - previous.responseEnd,
      worker: fetchAt - readEnd,
      toSocket: current.requestStart - fetchAt,
      loopback: server - (current.requestStart - previous.responseEnd),
    };
  });
}

/**
 * Measures the floor with `turns` (the first one held until DevTools has let go, as in the
 * app's runs), re-sending `request`'s body and the headers the app set. `connect` opens
 * the running Chromium's tab over DevTools; the tab is the app's, and is left on the floor's
 * page with the app's service worker unregistered.
 */
export async function measureFloor(options: {
  connect: () => Promise<{ browser: Browser; page: Page }>;
  model: ScriptedServer;
  appUrl: string;
  request: RecordedRequest;
  turns: ScriptedTurn[];
}): Promise<FloorRun> {
  const { model, turns } = options;
  // The body as the app sent it (parsed by the server, written again: the same JSON).
  const body = JSON.stringify(options.request.body);
  const order: FloorOrder = {
    url: `${model.url}/chat/completions`,
    headers: appHeaders(options.request),
    body,
    steps: turns.length,
  };
  const driving = await options.connect();
  await driving.page.evaluate(() =>
    navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))),
  );
  await driving.page.goto(`${options.appUrl}/loop-overhead-floor`);
  expect(await driving.page.evaluate(() => navigator.serviceWorker.controller), 'an uncontrolled page').toBe(
    null,
  );
  model.setScript(turns);
  await driving.page.evaluate(
    ([source, floorOrder]) => {
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      worker.onmessage = (event) => {
        (window as unknown as FloorWindow).floor = event.data;
      };
      worker.postMessage(floorOrder);
    },
    [`(${floorWorker.toString()})();`, order] as const,
  );
  await model.waitForRequests(1);
  await driving.browser.close();
  const disconnectedAt = performance.now();
  await model.waitForRequests(turns.length, 60_000);
  await expect.poll(() => model.requests.at(-1)?.respondedAt, { timeout: 10_000 }).toBeDefined();
  expect(disconnectedAt, 'Playwright let go before the first answer').toBeLessThan(
    model.requests[0]?.respondedAt ?? 0,
  );

  const { browser, page } = await options.connect();
  await expect.poll(() => page.evaluate(() => (window as unknown as FloorWindow).floor)).toBeDefined();
  const timings = (await page.evaluate(() => (window as unknown as FloorWindow).floor)) as FloorTimings;
  await browser.close();
  expect(timings.error).toBeUndefined();
  expect(timings.calls, 'every answer read to its end and its call parsed').toBe(turns.length);
  return {
    parts: floorParts(timings, serverGapsOf(model.requests)),
    throughServiceWorker: timings.requests.filter((entry) => entry.workerStart > 0).length,
    preflights: model.preflights.length,
    bodyBytes: Buffer.byteLength(body),
  };
}

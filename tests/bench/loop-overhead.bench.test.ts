import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DETAILED_DIAGNOSTICS_REQUEST,
  DIAGNOSTICS_CHANNEL_NAME,
} from '../../src/shared/protocol/broadcast.ts';
import { configureProvider } from '../e2e/app-harness.ts';
import { type BrowserProcess, browserProcess } from '../fixtures/kill/browser-process.ts';
import { acknowledge, call, messagesOf, NOTES_TASK } from '../fixtures/scenarios.ts';
import {
  type ScriptedServer,
  type ScriptedTurn,
  startScriptedServer,
} from '../fixtures/scripted-llm-server.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { measureFloor } from './loop-overhead-floor.ts';
import {
  CHAT_PATH,
  type Diagnostic,
  quantileOf,
  serverGapsOf,
  stepParts,
  summary,
  type Window,
} from './loop-overhead-parts.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Loop overhead as the model server sees it, in Chromium against the built app: from the
 * scripted server writing the last byte of response N to the headers of request N+1
 * arriving, with the model answering instantly. Then where that time goes, each part a
 * difference of two moments on one clock (the server's, or the agent worker's
 * `performance.now()`: its step, action and commit timings and the Resource Timing of its
 * requests, all sent over the diagnostics channel, the last two on request):
 *   (a) the response's end in the network stack → the loop has the result: the stream read to
 *       its end (SSE parsing, stream close), then the wait for the previous step's write to
 *       commit (the answer is acted on only once everything before it is durable)
 *   (b) the loop: tool, IndexedDB commits, broadcasts, the rest (validation, context, budgets)
 *   (c) the provider asked → fetch called (the SDK's request building)
 *   (d) fetch called → the request's headers written to the socket (preflight, connection, IPC,
 *       and the app's service worker's fetch event, which every request of a controlled
 *       worker wakes: Chromium's static routing, which could skip it, leaves workers' out)
 *   (e) loopback both ways, never timed on one clock: the server's gap minus the worker's
 *       (response end → next request start), i.e. server last byte → browser response end
 *       plus browser request start → server request arrival.
 * Then the floor (loop-overhead-floor.ts): a bare dedicated worker in a page of the app's
 * origin, not controlled by the app's service worker, sending the body of the app's middle
 * request to the same server with the same answers, STEPS times, each reply read to its end;
 * the app above the floor is the difference of the two medians at the server (the goal: at
 * most 5 ms).
 * Prints and records figures (`loop-overhead`); asserts only that the runs completed.
 */
const STEPS = 200;
/**
 * The third run's model takes this long to answer each step, as a fast server would: the
 * previous step's write has committed by then, as it has with any real model.
 */
const PACED_ANSWER_MS = 50;
/** The app's request whose body the floor sends again: the run's middle one, of a size typical of the run. */
const FLOOR_REQUEST = STEPS / 2;
/** The first answer waits this long, so Playwright has let go of the browser before the loop runs. */
const DISCONNECT_MS = 1500;
/** The built app to serve: dist/, or SANDPIPER_DIST (as the e2e harness takes it). */
const DIST = process.env.SANDPIPER_DIST
  ? `${process.env.SANDPIPER_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));

let chromiumProcess: BrowserProcess;
let endpoint: string;
let model: ScriptedServer;
let app: StaticServer;

/**
 * Debian's Chromium started by hand with a DevTools port (tests/fixtures/kill/browser-process.ts),
 * so that Playwright can disconnect while the loop runs: a client with DevTools' network
 * domain on (Playwright enables it in the agent worker) costs ~6 ms per request, which no
 * person running the app pays.
 */
async function startChromium(): Promise<void> {
  chromiumProcess = browserProcess([
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
  ]);
  const launched = await chromiumProcess.launch();
  endpoint = launched.endpoint;
  await launched.browser.close();
}

/** The app's page in the running Chromium, through a fresh DevTools connection. */
async function connect(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.connectOverCDP(endpoint);
  const page = browser.contexts()[0]?.pages()[0];
  if (!page) throw new Error('Chromium has no page');
  return { browser, page };
}

beforeAll(async () => {
  if (!existsSync(`${DIST}index.html`)) throw new Error('dist/ is missing: run `npm run build` first.');
  [model, app] = await Promise.all([startScriptedServer(), startStaticServer(DIST), startChromium()]).then(
    ([scripted, served]) => [scripted, served] as const,
  );
});
afterAll(async () => {
  await chromiumProcess?.close();
  await Promise.all([model?.close(), app?.close()]);
});

/** Opens the app and points the active provider at the scripted model, with a step budget for the whole task. */
async function configure(page: Page): Promise<void> {
  await page.goto(app.url);
  await configureProvider(page, model.url, { stepBudget: 1000 });
}

/** The task: an acknowledgement (answered once Playwright has let go), a plan, info messages, the result. */
function script(answerDelayMs: number): ScriptedTurn[] {
  const plan = call('plan', {
    action: 'update',
    goal: 'Benchmark the loop',
    phases: [
      { id: 1, title: 'Work' },
      { id: 2, title: 'Deliver' },
    ],
  });
  const work: ScriptedTurn[] = Array.from({ length: STEPS - 4 }, (_, index) => ({
    ...call('message', { type: 'info', text: `Progress update ${index + 1}` }),
    delayMs: answerDelayMs,
  }));
  return [
    { ...acknowledge(), delayMs: DISCONNECT_MS },
    plan,
    ...work,
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', { type: 'result', text: 'Benchmark finished.' }),
  ];
}

/**
 * Runs the task in a new conversation with Playwright disconnected; returns each step's
 * parts and the run's length. With `isThreadShown` false the page shows another (empty)
 * conversation meanwhile, so it renders nothing of the run: the difference is what the
 * rendering costs the loop on this machine's two cores.
 */
async function measureRun(isThreadShown: boolean, answerDelayMs = 0) {
  const driving = await connect();
  await driving.page.evaluate(
    ([channelName, request]) => {
      const diagnostics: unknown[] = [];
      (window as unknown as Window).diagnostics = diagnostics as Diagnostic[];
      const channel = new BroadcastChannel(channelName);
      channel.onmessage = (event) => diagnostics.push(event.data);
      channel.postMessage({ kind: request });
    },
    [DIAGNOSTICS_CHANNEL_NAME, DETAILED_DIAGNOSTICS_REQUEST] as const,
  );
  model.setScript(script(answerDelayMs));
  const newConversation = driving.page.getByRole('button', { name: 'New conversation' });
  await newConversation.click();
  await driving.page.getByRole('textbox', { name: 'Message' }).fill(NOTES_TASK);
  await driving.page.getByRole('button', { name: 'Send', exact: true }).click();
  await model.waitForRequests(1);
  if (!isThreadShown) await newConversation.click();
  await driving.browser.close();
  const disconnectedAt = performance.now();
  await model.waitForRequests(STEPS, 240_000);
  await expect.poll(() => model.requests.at(-1)?.respondedAt, { timeout: 10_000 }).toBeDefined();
  const firstResponseAt = model.requests[0]?.respondedAt ?? 0;
  expect(disconnectedAt, 'Playwright let go before the first answer').toBeLessThan(firstResponseAt);

  const { browser, page } = await connect();
  if (isThreadShown) await page.locator('[data-action-type="message.result"]').waitFor();
  const readDiagnostics = () => page.evaluate(() => (window as unknown as Window).diagnostics);
  const countOf = (entries: Diagnostic[], kind: Diagnostic['kind']) =>
    entries.filter((entry) => entry.kind === kind).length;
  await expect.poll(async () => countOf(await readDiagnostics(), 'step')).toBe(STEPS - 1);
  await expect.poll(async () => countOf(await readDiagnostics(), 'request')).toBeGreaterThanOrEqual(STEPS);
  const diagnostics = await readDiagnostics();
  await browser.close();

  const request = model.requests[FLOOR_REQUEST];
  if (!request) throw new Error(`no request ${FLOOR_REQUEST + 1}`);
  return {
    parts: stepParts(diagnostics, serverGapsOf(model.requests)),
    total: (model.requests.at(-1)?.respondedAt ?? NaN) - firstResponseAt,
    preflights: model.preflights.length,
    throughServiceWorker: diagnostics.filter(
      (entry) => entry.kind === 'request' && entry.path === CHAT_PATH && entry.workerStart > 0,
    ).length,
    messages: messagesOf(model.requests.at(-1)).length,
    request,
  };
}

it(`measures loop overhead at the model server over a ${STEPS}-step scripted task`, async () => {
  const setup = await connect();
  await configure(setup.page);
  await setup.browser.close();
  const shown = await measureRun(true);
  const hidden = await measureRun(false);
  const paced = await measureRun(true, PACED_ANSWER_MS);
  const floor = await measureFloor({
    connect,
    model,
    appUrl: app.url,
    request: shown.request,
    turns: script(0),
  });
  type Run = { parts: Record<string, number>[] };
  const line = (run: Run, label: string, name: string) =>
    `  ${label.padEnd(62)} ${summary(run.parts.map((part) => part[name] ?? NaN))}`;
  const lines = (run: Run, names: [string, string][]) => names.map(([label, name]) => line(run, label, name));
  const at = (run: Run, part: string, quantile = 0.5) =>
    Math.round(
      quantileOf(
        run.parts.map((entry) => entry[part] ?? NaN),
        quantile,
      ) * 100,
    ) / 100;
  const aboveFloor = (run: Run) => Math.round((at(run, 'server') - at(floor, 'server')) * 100) / 100;
  console.log(
    [
      `loop-overhead (Chromium, ${STEPS} steps, scripted model answering instantly, n=${shown.parts.length})`,
      line(shown, 'at the server: last byte of response N → request N+1 arrives', 'server'),
      `  CORS preflights seen by the server: ${shown.preflights}`,
      `  model requests through the service worker's fetch event: ${shown.throughServiceWorker} of ${STEPS}`,
      'breakdown:',
      ...lines(shown, [
        ['(a) response end in the network stack → loop has the result', 'streamEnd'],
        ['      the stream read to its end (the provider returns)', 'answered'],
        ["      waiting for the previous step's write to commit", 'commitWait'],
        ['(b) loop: result → provider asked for the next step', 'loop'],
        ['      tool', 'tool'],
        ['      IndexedDB commits awaited', 'commit'],
        ['      broadcasts after commits', 'publish'],
        ['      the rest (validation, context, budgets, staging)', 'loopRest'],
        ['    (IndexedDB commits staged, committing meanwhile)', 'staged'],
        ['(c) provider asked → fetch called (SDK request building)', 'sdk'],
        ['(d) fetch called → request headers written to the socket', 'toSocket'],
        ["      the service worker's fetch event (it lets the request go on)", 'serviceWorker'],
        ['(e) loopback both ways (server gap − worker gap)', 'loopback'],
        ['worker: result in hand → fetch called ((b) + (c))', 'worker'],
      ]),
      `  whole run ${(shown.total / 1000).toFixed(2)} s; the last request carried ${shown.messages} messages`,
      'the same run with another conversation on screen (the page renders nothing of it):',
      ...lines(hidden, [
        ['at the server', 'server'],
        ['(a) response end → loop has the result', 'streamEnd'],
        ["      waiting for the previous step's write to commit", 'commitWait'],
        ['worker: result in hand → fetch called', 'worker'],
        ['(d) fetch called → request headers written to the socket', 'toSocket'],
        ['(e) loopback both ways', 'loopback'],
      ]),
      `the same run with the thread on screen, the model taking ${PACED_ANSWER_MS} ms per answer:`,
      ...lines(paced, [
        ['at the server', 'server'],
        ['(a) response end → loop has the result', 'streamEnd'],
        ["      waiting for the previous step's write to commit", 'commitWait'],
        ['worker: result in hand → fetch called', 'worker'],
        ['(d) fetch called → request headers written to the socket', 'toSocket'],
        ['(e) loopback both ways', 'loopback'],
      ]),
      `the floor: a bare worker, no service worker, sending request ${FLOOR_REQUEST + 1}'s body ` +
        `(${(floor.bodyBytes / 1024).toFixed(1)} KiB) ${STEPS} times:`,
      ...lines(floor, [
        ['at the server', 'server'],
        ['response end in the network stack → the stream read to its end', 'answered'],
        ['the worker: stream read → fetch called', 'worker'],
        ['fetch called → request headers written to the socket', 'toSocket'],
        ['loopback both ways (server gap − worker gap)', 'loopback'],
      ]),
      `  requests through a service worker: ${floor.throughServiceWorker} of ${STEPS}; ` +
        `CORS preflights: ${floor.preflights}`,
      `the app above the floor (median − median): ${aboveFloor(shown).toFixed(2)} ms (goal: ≤ 5 ms); ` +
        `with the model taking ${PACED_ANSWER_MS} ms per answer: ${aboveFloor(paced).toFixed(2)} ms`,
    ].join('\n'),
  );
  expect(floor.throughServiceWorker, "the floor's requests skip the service worker").toBe(0);
  recordFigures('loop-overhead', {
    title: `Loop overhead at the model server, ${STEPS} steps, the model answering at once (Chromium)`,
    bench: import.meta.url,
    paths: [
      'src/agent-worker/',
      'src/shared/',
      'src/service-worker/',
      'src/page/',
      'tests/bench/loop-overhead-floor.ts',
      'tests/bench/loop-overhead-parts.ts',
      'tests/fixtures/scripted-llm-server.ts',
      'tests/fixtures/scenarios.ts',
      'tests/fixtures/static-server.ts',
      'tests/fixtures/kill/browser-process.ts',
      'vite.config.ts',
    ],
    command: 'npx vite build && npx vitest run --project bench tests/bench/loop-overhead.bench.test.ts',
    figures: [
      {
        name: 'last byte of response N → request N+1 arrives (median)',
        value: at(shown, 'server'),
        unit: 'ms',
      },
      { name: 'the same, p95', value: at(shown, 'server', 0.95), unit: 'ms' },
      {
        name: '(a) response end in the network stack → the loop has it',
        value: at(shown, 'streamEnd'),
        unit: 'ms',
      },
      { name: '(a) of which the stream read to its end', value: at(shown, 'answered'), unit: 'ms' },
      {
        name: "(a) of which waiting for the previous step's write to commit",
        value: at(shown, 'commitWait'),
        unit: 'ms',
      },
      {
        name: "a step's write, staged → committed (median)",
        value: at(shown, 'staged'),
        unit: 'ms',
      },
      { name: '(b) the loop: result → the provider asked (median)', value: at(shown, 'loop'), unit: 'ms' },
      { name: '(b) of which IndexedDB commits awaited', value: at(shown, 'commit'), unit: 'ms' },
      { name: '(c) provider asked → fetch called (the SDK)', value: at(shown, 'sdk'), unit: 'ms' },
      { name: '(d) fetch called → headers on the socket', value: at(shown, 'toSocket'), unit: 'ms' },
      { name: '(e) loopback both ways', value: at(shown, 'loopback'), unit: 'ms' },
      { name: 'the worker’s own part: (b) + (c)', value: at(shown, 'worker'), unit: 'ms' },
      {
        name: 'another conversation on screen: at the server (median)',
        value: at(hidden, 'server'),
        unit: 'ms',
      },
      { name: 'another conversation on screen: the worker’s part', value: at(hidden, 'worker'), unit: 'ms' },
      {
        name: 'another conversation on screen: (d) fetch → socket',
        value: at(hidden, 'toSocket'),
        unit: 'ms',
      },
      {
        name: `the model taking ${PACED_ANSWER_MS} ms per answer: at the server (median)`,
        value: at(paced, 'server'),
        unit: 'ms',
      },
      {
        name: `the model taking ${PACED_ANSWER_MS} ms per answer: p95`,
        value: at(paced, 'server', 0.95),
        unit: 'ms',
      },
      {
        name: `the model taking ${PACED_ANSWER_MS} ms per answer: waiting for the previous write`,
        value: at(paced, 'commitWait'),
        unit: 'ms',
      },
      { name: 'the whole run', value: Math.round(shown.total / 10) / 100, unit: 's' },
      {
        name: "model requests through the service worker's fetch event",
        value: shown.throughServiceWorker,
        unit: '',
        note: `of ${STEPS}`,
      },
      {
        name: "(d) of which the service worker's fetch event",
        value: at(shown, 'serviceWorker'),
        unit: 'ms',
      },
      {
        name: 'the floor: a bare worker re-sending the app’s request, at the server (median)',
        value: at(floor, 'server'),
        unit: 'ms',
        note: `request ${FLOOR_REQUEST + 1}’s body, ${STEPS} times, no service worker`,
      },
      { name: 'the floor, p95', value: at(floor, 'server', 0.95), unit: 'ms' },
      {
        name: 'the app above the floor (median − median)',
        value: aboveFloor(shown),
        unit: 'ms',
        note: 'goal: ≤ 5 ms above the floor',
      },
    ],
  });
});

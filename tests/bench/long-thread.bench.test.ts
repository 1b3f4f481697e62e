import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { longThreadBundleContents } from '../e2e/long-thread-bundle.ts';
import { importThroughPicker } from '../e2e/pwa-helpers.ts';
import { recordFigures, runsNote } from './record-figures.ts';

/**
 * Long threads (issue 16): a finished conversation of EVENTS (default 10,000) events —
 * user messages, progress lines, shell, file and grep rows with outputs, markdown
 * results, an answered question, a plan — imported as a bundle, then opened from the
 * sidebar RUNS times. Prints the time from the click to its last rows painted (goal
 * < 1 s) and the read / reduce / commit steps the thread store measures, DOM size and JS
 * heap once open, and a scroll from the bottom to the top over 3 s driven frame by frame
 * (fps, p95 frame time, frames over 50 ms; goal 60 fps). Screenshots the top, middle and
 * bottom (`long-thread-*.png` in test-results/). Records the figures (`long-thread`);
 * asserts only that it measured.
 * BENCH_VERBOSE=1 prints progress; BENCH_PROFILE=1 prints the functions that took the most
 * time in the last open and in the scrolls (build with `--minify false` to read their names).
 */
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const SCROLL_MS = 3_000;
const TITLE = 'Long notes app run';
const FIRST_TEXT = 'Build a notes app with auth, tests and a deploy script';
const LAST_TEXT = 'Finished: the notes app is built and every test passes.';

let harness: AppHarness;
let cdp: CDPSession;
beforeAll(async () => {
  harness = await startApp();
  cdp = await harness.page.context().newCDPSession(harness.page);
  await cdp.send('Performance.enable');
});
afterAll(async () => {
  await harness.close();
});

/** Leaves the open conversation (the empty state shows) and waits for the thread to go. */
async function closeConversation(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.location.hash = '';
  });
  await page.locator('.thread-items').waitFor({ state: 'detached' });
}

type OpenTimes = { inDom: number; inView: number | null; diagnosis: string };

/**
 * Clicks the conversation in the sidebar and times, in the page, the first frame after
 * the one in which its last row was laid out (`inDom`), and the first frame after the one
 * in which that row showed at the bottom of the view (`inView`; null when it did not
 * within 20 s: `diagnosis` then says where the view was).
 */
function openAndTime(page: Page): Promise<OpenTimes> {
  return page.evaluate(
    ({ title, lastText }) =>
      new Promise<OpenTimes>((resolve) => {
        const button = [...document.querySelectorAll<HTMLElement>('.conversation-button')].find((element) =>
          element.textContent?.includes(title),
        );
        if (!button) throw new Error(`No conversation titled ${title} in the sidebar.`);
        const clickedAt = performance.now();
        button.click();
        const lastRow = () =>
          [...(document.querySelector('.thread-items')?.children ?? [])]
            .slice(-3)
            .find((row) => row.textContent?.includes(lastText));
        const diagnosis = () => {
          const scroller = document.querySelector('.thread-scroller');
          return JSON.stringify({
            rows: document.querySelector('.thread-items')?.children.length,
            scroll: scroller && [scroller.scrollTop, scroller.scrollHeight, scroller.clientHeight],
            lastRow: lastRow()?.getBoundingClientRect().toJSON(),
            view: scroller?.getBoundingClientRect().toJSON(),
          });
        };
        const isInView = (row: Element) => {
          const scroller = document.querySelector('.thread-scroller');
          if (!scroller) return false;
          const view = scroller.getBoundingClientRect();
          const box = row.getBoundingClientRect();
          const isAtBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
          return isAtBottom && box.bottom <= view.bottom + 1 && box.bottom > view.top;
        };
        let inDom: number | null = null;
        let isLaidOut = false;
        const frame = (now: number) => {
          if (inDom === null && isLaidOut) inDom = now - clickedAt;
          const row = lastRow();
          if (row && row.getBoundingClientRect().height > 0) isLaidOut = true;
          if (row && isInView(row)) {
            requestAnimationFrame((paintedAt) =>
              resolve({
                inDom: inDom ?? paintedAt - clickedAt,
                inView: paintedAt - clickedAt,
                diagnosis: '',
              }),
            );
          } else if (now - clickedAt > 20_000) {
            resolve({ inDom: inDom ?? Number.NaN, inView: null, diagnosis: diagnosis() });
          } else {
            requestAnimationFrame(frame);
          }
        };
        requestAnimationFrame(frame);
      }),
    { title: TITLE, lastText: LAST_TEXT },
  );
}

/** The thread store's own step timings of the latest load (performance.measure entries). */
function loadSteps(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const steps: Record<string, number> = {};
    for (const name of ['read', 'reduce', 'commit']) {
      const entries = performance.getEntriesByName(`sandpiper:thread-${name}`);
      const latest = entries[entries.length - 1];
      if (latest) steps[name] = latest.duration;
    }
    return steps;
  });
}

type ScrollFigures = { frames: number; seconds: number; p95: number; worst: number; longFrames: number };

/**
 * Scrolls the thread up over `durationMs`, one step per frame, timing every frame: from
 * where it is to the top, or by `distance` px (a person's fast flick is ~5,000 px/s).
 */
function scrollUpTimed(page: Page, durationMs: number, distance?: number): Promise<ScrollFigures> {
  return page.evaluate(
    ({ duration, distance }) =>
      new Promise<ScrollFigures>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('.thread-scroller');
        if (!scroller) throw new Error('No thread on screen.');
        const from = scroller.scrollTop;
        const to = distance === undefined ? 0 : Math.max(from - distance, 0);
        const gaps: number[] = [];
        let firstAt: number | null = null;
        let previousAt = 0;
        const step = (now: number) => {
          if (firstAt === null) firstAt = now;
          else gaps.push(now - previousAt);
          previousAt = now;
          const progress = Math.min((now - firstAt) / duration, 1);
          scroller.scrollTop = Math.round(from + (to - from) * progress);
          if (progress < 1) {
            requestAnimationFrame(step);
            return;
          }
          const sorted = [...gaps].sort((first, second) => first - second);
          resolve({
            frames: gaps.length,
            seconds: (now - firstAt) / 1000,
            p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
            worst: sorted[sorted.length - 1] ?? 0,
            longFrames: gaps.filter((gap) => gap > 50).length,
          });
        };
        requestAnimationFrame(step);
      }),
    { duration: durationMs, distance },
  );
}

/** Frames per second of an empty rAF loop for 1 s: what this machine's headless Chromium reaches at best. */
function idleFrames(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let frames = 0;
        let firstAt: number | null = null;
        const step = (now: number) => {
          firstAt ??= now;
          frames += 1;
          if (now - firstAt < 1_000) requestAnimationFrame(step);
          else resolve(((frames - 1) * 1_000) / (now - firstAt));
        };
        requestAnimationFrame(step);
      }),
  );
}

/** The functions that took the most self time in a CPU profile (BENCH_PROFILE=1). */
function topFunctions(profile: {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}): string {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}:${columnNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
  }
  return [...byName]
    .sort((first, second) => second[1] - first[1])
    .slice(0, 25)
    .map(([name, micros]) => `    ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n');
}

async function metrics(): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

/** Progress lines while it runs (BENCH_VERBOSE=1). */
const log = (line: string) => {
  if (process.env.BENCH_VERBOSE) console.log(`  … ${line}`);
};
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) =>
  [...values].sort((first, second) => first - second)[Math.floor(values.length / 2)] ?? 0;

it(`opens and scrolls a thread of ${EVENTS} events`, { timeout: 600_000 }, async () => {
  const { page } = harness;
  const startedAt = performance.now();
  const contents = longThreadBundleContents(EVENTS, { firstText: FIRST_TEXT, lastText: LAST_TEXT });
  await importThroughPicker(page, 'long-thread.zip', encodeBundle(contents, 'bench', Date.now()));
  await page.getByRole('list', { name: 'Conversation' }).getByText(LAST_TEXT).waitFor({ timeout: 180_000 });
  log(`imported and shown in ${ms(performance.now() - startedAt)}`);
  const items = await page.evaluate(() => document.querySelector('.thread-items')?.children.length ?? 0);

  const opens: OpenTimes[] = [];
  const steps: Record<string, number>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await closeConversation(page);
    const isProfiled = process.env.BENCH_PROFILE && run === RUNS - 1;
    if (isProfiled) await cdp.send('Profiler.enable');
    if (isProfiled) await cdp.send('Profiler.start');
    opens.push(await openAndTime(page));
    if (isProfiled) console.log(`open:\n${topFunctions((await cdp.send('Profiler.stop')).profile)}`);
    log(`open ${run + 1}: ${JSON.stringify(opens[run])}`);
    steps.push(await loadSteps(page));
  }
  await page.waitForTimeout(500);
  await cdp.send('HeapProfiler.collectGarbage');
  const open = await metrics();
  const dom = await page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    rows: document.querySelector('.thread-items')?.children.length ?? 0,
  }));
  await harness.screenshot('long-thread-bottom');

  const idle = await idleFrames(page);
  if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable');
  if (process.env.BENCH_PROFILE) await cdp.send('Profiler.start');
  const flick = await scrollUpTimed(page, SCROLL_MS, 15_000);
  const scroll = await scrollUpTimed(page, SCROLL_MS);
  if (process.env.BENCH_PROFILE)
    console.log(`scroll:\n${topFunctions((await cdp.send('Profiler.stop')).profile)}`);
  await page.waitForTimeout(300);
  const firstShown = await page
    .getByRole('list', { name: 'Conversation' })
    .getByText(FIRST_TEXT, { exact: true })
    .isVisible();
  await harness.screenshot('long-thread-top');
  await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.thread-scroller');
    if (scroller) scroller.scrollTop = scroller.scrollHeight / 2;
  });
  await page.waitForTimeout(300);
  await harness.screenshot('long-thread-middle');
  const after = await metrics();

  const step = (name: string) => ms(median(steps.map((entry) => entry[name] ?? Number.NaN)));
  console.log(
    [
      `long thread: ${contents.events.length} events, ${items} rows in the thread when first shown`,
      `  open (click → last row laid out), ${RUNS} runs: ${opens.map(({ inDom }) => ms(inDom)).join(', ')} (median ${ms(median(opens.map(({ inDom }) => inDom)))})`,
      `  open (click → last rows painted at the bottom of the view): ${opens.map(({ inView }) => (inView === null ? 'not within 20 s' : ms(inView))).join(', ')} (goal < 1000 ms)${opens.some(({ inView }) => inView === null) ? `; view then: ${opens.find(({ inView }) => inView === null)?.diagnosis}` : ''}`,
      `  load steps (median): read ${step('read')}, reduce ${step('reduce')}, commit+render ${step('commit')}`,
      `  once open: ${dom.rows} rows in the list, ${dom.elements} elements in the document, CDP Nodes ${open.Nodes}, JS heap used ${(Number(open.JSHeapUsedSize) / 1024 / 1024).toFixed(1)} MB`,
      `  an empty rAF loop here: ${idle.toFixed(1)} fps`,
      `  scroll up 15,000 px in ${flick.seconds.toFixed(2)} s: ${(flick.frames / flick.seconds).toFixed(1)} fps, p95 frame ${flick.p95.toFixed(1)} ms, worst ${flick.worst.toFixed(1)} ms, ${flick.longFrames} frames > 50 ms`,
      `  scroll on to the top in ${scroll.seconds.toFixed(2)} s: ${(scroll.frames / scroll.seconds).toFixed(1)} fps, p95 frame ${scroll.p95.toFixed(1)} ms, worst ${scroll.worst.toFixed(1)} ms, ${scroll.longFrames} frames > 50 ms; first message visible at the top: ${firstShown}`,
      `  during the scroll: layout ${((after.LayoutDuration ?? 0) - (open.LayoutDuration ?? 0)).toFixed(2)} s, style ${((after.RecalcStyleDuration ?? 0) - (open.RecalcStyleDuration ?? 0)).toFixed(2)} s, script ${((after.ScriptDuration ?? 0) - (open.ScriptDuration ?? 0)).toFixed(2)} s`,
    ].join('\n'),
  );
  const painted = opens.flatMap(({ inView }) => (inView === null ? [] : [inView]));
  const fps = (figures: { frames: number; seconds: number }) =>
    Math.round((figures.frames / figures.seconds) * 10) / 10;
  recordFigures('long-thread', {
    title: `A thread of ${contents.events.length.toLocaleString('en-US')} events opened and scrolled (Chromium)`,
    bench: import.meta.url,
    paths: [
      'src/page/',
      'src/shared/',
      'src/agent-worker/runtime/conversation-archive.ts',
      'tests/e2e/long-thread-bundle.ts',
      'tests/e2e/pwa-helpers.ts',
      'vite.config.ts',
    ],
    command: 'npx vite build && npx vitest run --project bench tests/bench/long-thread.bench.test.ts',
    figures: [
      { name: 'rows in the page when it is first shown (the list is windowed)', value: items, unit: '' },
      ...(painted.length === 0
        ? []
        : [
            {
              name: `open: click → last rows painted at the bottom (median of ${painted.length})`,
              value: Math.round(median(painted)),
              unit: 'ms',
              note: `${runsNote(painted)}${painted.length < RUNS ? `; ${RUNS - painted.length} not within 20 s` : ''}`,
            },
          ]),
      { name: 'opens whose last rows were not painted within 20 s', value: RUNS - painted.length, unit: '' },
      {
        name: 'open: reading the log (median)',
        value: Math.round(median(steps.map((entry) => entry.read ?? 0))),
        unit: 'ms',
      },
      {
        name: 'open: reducing it (median)',
        value: Math.round(median(steps.map((entry) => entry.reduce ?? 0))),
        unit: 'ms',
      },
      {
        name: 'open: committing and rendering (median)',
        value: Math.round(median(steps.map((entry) => entry.commit ?? 0))),
        unit: 'ms',
      },
      { name: 'elements in the document once open', value: dom.elements, unit: '' },
      {
        name: 'JS heap used once open',
        value: Math.round((Number(open.JSHeapUsedSize) / 1024 / 1024) * 10) / 10,
        unit: 'MB',
      },
      {
        name: 'an empty animation-frame loop here (the best this machine shows)',
        value: Math.round(idle * 10) / 10,
        unit: 'fps',
      },
      { name: 'a flick of 15,000 px in 3 s', value: fps(flick), unit: 'fps' },
      { name: 'the flick: p95 frame', value: Math.round(flick.p95 * 10) / 10, unit: 'ms' },
      { name: 'on to the top in 3 s (about 30,000 px a second)', value: fps(scroll), unit: 'fps' },
      { name: 'that sweep: p95 frame', value: Math.round(scroll.p95 * 10) / 10, unit: 'ms' },
      { name: 'that sweep: frames over 50 ms', value: scroll.longFrames, unit: '' },
    ],
  });
  expect(opens).toHaveLength(RUNS);
  expect(scroll.frames).toBeGreaterThan(0);
});

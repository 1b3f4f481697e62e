import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Figure } from '../../scripts/figures/figures-file.ts';
import { launchChromium } from '../e2e/app-harness.ts';
import { BUILT_APP, waitForServiceWorker } from '../e2e/pwa-helpers.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { recordFigures, runsNote } from './record-figures.ts';

/**
 * Startup of the built app: the precache's size (from the generated precache manifest),
 * what is fetched before the first contentful paint (every Resource Timing entry of the
 * page and of its workers that started before FCP, the JavaScript gzipped from the built
 * files), and the times to first contentful paint and to interactive in Chromium on
 * localhost — a first visit online, then with the service worker warm, online and
 * offline. Prints and records its figures (`startup` in docs/figures.json); asserts only
 * that the measurements were taken.
 */
const RUNS = 5;
/** The issue's goals, printed beside the figures (not asserted: a bench measures). */
const GOALS = { coldPaintMs: 400, warmPaintMs: 200, jsBeforePaintBytes: 60 * 1024 };

let server: StaticServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startStaticServer(BUILT_APP), launchChromium()]);
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** URLs (relative to the build) listed in sw.js's precache manifest. */
function precachedUrls(): string[] {
  const worker = readFileSync(join(BUILT_APP, 'sw.js'), 'utf8');
  return [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** The gzipped size of a built file named by a URL of the app, or 0 for one outside the build. */
function gzippedSizeOf(url: string): number {
  const path = new URL(url).pathname.replace(/^\/+/, '');
  const file = join(BUILT_APP, path === '' ? 'index.html' : path);
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return gzipSync(readFileSync(file), { level: 9 }).byteLength;
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type FetchedEarly = { url: string; startMs: number };
type StartupTiming = {
  contentfulPaintMs: number;
  interactiveMs: number;
  /** Every resource the page or one of its workers started to fetch before the first contentful paint. */
  beforePaint: FetchedEarly[];
};

/**
 * Loads the app and measures, from navigation start: the first contentful paint, the
 * moment it is interactive — the composer is there and the agent worker has answered (the
 * conversation list has loaded) — and what was fetched before that paint, read from the
 * Resource Timing of the page and of each of its workers (their times moved onto the
 * page's clock through `timeOrigin`).
 */
async function measureLoad(page: Page, load: () => Promise<unknown>): Promise<StartupTiming> {
  await load();
  await page.waitForFunction(
    () =>
      document.querySelector('#composer-input') !== null &&
      document.querySelector('.sidebar-empty, .conversation-item') !== null,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const measured = await page.evaluate(() => {
    const interactive = (window as { __interactiveAt?: number }).__interactiveAt ?? performance.now();
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const resources = performance
      .getEntriesByType('resource')
      .map((entry) => ({ url: entry.name, startMs: entry.startTime }));
    return {
      contentfulPaintMs: paint,
      interactiveMs: interactive,
      resources,
      timeOrigin: performance.timeOrigin,
    };
  });
  const fromWorkers = await Promise.all(
    page.workers().map((worker) =>
      worker
        .evaluate(() => ({
          timeOrigin: performance.timeOrigin,
          resources: performance
            .getEntriesByType('resource')
            .map((entry) => ({ url: entry.name, startMs: entry.startTime })),
        }))
        .then(({ timeOrigin, resources }) =>
          resources.map((entry) => ({ ...entry, startMs: entry.startMs + timeOrigin - measured.timeOrigin })),
        )
        .catch(() => []),
    ),
  );
  const beforePaint = [...measured.resources, ...fromWorkers.flat()].filter(
    (entry) => entry.startMs < measured.contentfulPaintMs,
  );
  return {
    contentfulPaintMs: measured.contentfulPaintMs,
    interactiveMs: measured.interactiveMs,
    beforePaint,
  };
}

/** Records when the app becomes interactive, watched from the very start of each load. */
async function watchInteractive(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const check = () => {
      if (
        document.querySelector('#composer-input') &&
        document.querySelector('.sidebar-empty, .conversation-item')
      ) {
        (window as { __interactiveAt?: number }).__interactiveAt ??= performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** The navigation's document plus the JavaScript fetched before the paint, gzipped. */
function bytesBeforePaint(
  timing: StartupTiming,
  pageUrl: string,
): { js: number; all: number; files: string[] } {
  const urls = [...new Set(timing.beforePaint.map((entry) => entry.url))];
  const js = urls.filter((url) => new URL(url).pathname.endsWith('.js'));
  const all = [pageUrl, ...urls].reduce((sum, url) => sum + gzippedSizeOf(url), 0);
  return {
    js: js.reduce((sum, url) => sum + gzippedSizeOf(url), 0),
    all,
    files: urls.map((url) => new URL(url).pathname),
  };
}

/** The figures of one way of loading: the medians of its runs. */
function timingFigures(label: string, timings: StartupTiming[], pageUrl: string): Figure[] {
  const bytes = timings.map((timing) => bytesBeforePaint(timing, pageUrl));
  const paints = timings.map((timing) => timing.contentfulPaintMs);
  const kb = (value: number) => Math.round(value / 102.4) / 10;
  return [
    {
      name: `${label}: first contentful paint (median of ${timings.length})`,
      value: Math.round(median(paints)),
      unit: 'ms',
      note: runsNote(paints),
    },
    {
      name: `${label}: interactive (median)`,
      value: Math.round(median(timings.map((timing) => timing.interactiveMs))),
      unit: 'ms',
    },
    {
      name: `${label}: JavaScript fetched before that paint, gzipped (median)`,
      value: kb(median(bytes.map((entry) => entry.js))),
      unit: 'KB',
    },
    {
      name: `${label}: everything fetched before that paint, gzipped (median)`,
      value: kb(median(bytes.map((entry) => entry.all))),
      unit: 'KB',
    },
  ];
}

function describeTimings(label: string, timings: StartupTiming[], pageUrl: string): string {
  const bytes = timings.map((timing) => bytesBeforePaint(timing, pageUrl));
  const slowest = bytes.reduce((most, next) => (next.js > most.js ? next : most), bytes[0]!);
  return [
    `${label}: first contentful paint ${median(timings.map((timing) => timing.contentfulPaintMs)).toFixed(0)} ms` +
      ` (runs: ${timings.map((timing) => timing.contentfulPaintMs.toFixed(0)).join(', ')}),` +
      ` interactive ${median(timings.map((timing) => timing.interactiveMs)).toFixed(0)} ms (median of ${timings.length})`,
    `    fetched before that paint: JavaScript ${kilobytes(median(bytes.map((entry) => entry.js)))} gzipped,` +
      ` everything ${kilobytes(median(bytes.map((entry) => entry.all)))} gzipped (median);` +
      ` the most: ${slowest.files.join(', ') || 'nothing but the page'}`,
  ].join('\n');
}

it('prints the precache size, what is fetched before the first paint, and the startup times', async () => {
  const precached = precachedUrls();
  const precacheBytes = precached.reduce((sum, url) => sum + statSync(join(BUILT_APP, url)).size, 0);
  const css = readFileSync(join(BUILT_APP, 'index.html'), 'utf8').match(
    /href="[^"]*(assets\/index-[\w-]+\.css)"/,
  )?.[1];
  const cssGzip = css ? gzipSync(readFileSync(join(BUILT_APP, css)), { level: 9 }).byteLength : 0;
  const pageUrl = `${server.url}/`;

  // A first visit: a fresh profile each time, no service worker (blocked, so none installs mid-measure).
  const firstVisits: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await watchInteractive(context);
    const page = await context.newPage();
    firstVisits.push(await measureLoad(page, () => page.goto(pageUrl)));
    await context.close();
  }

  // The service worker warm: one profile, installed and isolated, then reloads online and offline.
  const context = await browser.newContext();
  await watchInteractive(context);
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await waitForServiceWorker(page);
  const warmOnline: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) warmOnline.push(await measureLoad(page, () => page.reload()));
  await context.setOffline(true);
  const warmOffline: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) warmOffline.push(await measureLoad(page, () => page.reload()));
  await context.close();

  const figures = [
    'Startup of the built app on localhost, Chromium headless',
    `  precache: ${precached.length} files, ${kilobytes(precacheBytes)} (the agent worker and the virtual sandbox included); CSS ${kilobytes(cssGzip)} gzipped`,
    `  goals: first contentful paint cold ≤ ${GOALS.coldPaintMs} ms, warm ≤ ${GOALS.warmPaintMs} ms; JavaScript before it ≤ ${kilobytes(GOALS.jsBeforePaintBytes)} gzipped`,
    `  ${describeTimings('first visit, online', firstVisits, pageUrl)}`,
    `  ${describeTimings('service worker warm, online', warmOnline, pageUrl)}`,
    `  ${describeTimings('service worker warm, offline', warmOffline, pageUrl)}`,
  ];
  console.log(['', ...figures, ''].join('\n'));
  recordFigures('startup', {
    title: 'Startup of the built app (localhost, headless Chromium)',
    bench: import.meta.url,
    paths: [
      'src/',
      'index.html',
      'public/',
      'vite.config.ts',
      'package-lock.json',
      'tests/e2e/pwa-helpers.ts',
      'tests/fixtures/static-server.ts',
    ],
    command: 'npx vite build && npx vitest run --project bench tests/bench/startup.bench.test.ts',
    figures: [
      { name: 'files precached at install', value: precached.length, unit: '' },
      { name: 'precache size', value: Math.round(precacheBytes / 102.4) / 10, unit: 'KB' },
      { name: 'CSS, gzipped', value: Math.round(cssGzip / 102.4) / 10, unit: 'KB' },
      ...timingFigures('first visit, online', firstVisits, pageUrl),
      ...timingFigures('service worker warm, online', warmOnline, pageUrl),
      ...timingFigures('service worker warm, offline', warmOffline, pageUrl),
    ],
  });
  expect(precached).toContain('index.html');
  for (const timing of [...firstVisits, ...warmOnline, ...warmOffline]) {
    expect(timing.contentfulPaintMs).toBeGreaterThan(0);
    expect(timing.interactiveMs).toBeGreaterThan(0);
  }
});

import { readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../e2e/app-harness.ts';
import { BUILT_APP, waitForServiceWorker } from '../e2e/pwa-helpers.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';

/**
 * Startup of the built app: the precache's size (from the generated precache manifest),
 * the gzipped JavaScript needed for the first paint (the entry chunk and its static
 * imports), and time to first paint and to interactive in Chromium on localhost — a
 * first visit online, then with the service worker warm, online and offline. Prints
 * figures; asserts only that the measurements were taken.
 */
const RUNS = 5;
/** The budget for first-paint JavaScript, gzipped. */
const FIRST_PAINT_BUDGET_BYTES = 200 * 1024;

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

/** The entry script of index.html and every chunk it imports statically, transitively. */
function firstPaintChunks(): string[] {
  const html = readFileSync(join(BUILT_APP, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const base = /^(.*\/)assets\//.exec(entry)?.[1] ?? '/';
  const queue = [entry.slice(base.length)];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(BUILT_APP, file), 'utf8');
    // Static imports only (`import "./x.js"`, `import {a} from "./x.js"`), not `import("./x.js")`.
    for (const match of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(posix.join(dirname(file), match[1] ?? ''));
    }
  }
  return [...seen];
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type StartupTiming = { firstPaintMs: number; interactiveMs: number };

/**
 * Loads the app and measures, from navigation start: the first paint, and the moment it
 * is interactive — the composer is there and the agent worker has answered (the
 * conversation list has loaded).
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
  return page.evaluate(() => {
    const interactive = (window as { __interactiveAt?: number }).__interactiveAt ?? performance.now();
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
    return { firstPaintMs: paint, interactiveMs: interactive };
  });
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

function describeTimings(label: string, timings: StartupTiming[]): string {
  return `${label}: first paint ${median(timings.map((timing) => timing.firstPaintMs)).toFixed(0)} ms, interactive ${median(
    timings.map((timing) => timing.interactiveMs),
  ).toFixed(0)} ms (median of ${timings.length})`;
}

it('prints the precache size, the first-paint JavaScript and the startup times', async () => {
  const precached = precachedUrls();
  const precacheBytes = precached.reduce((sum, url) => sum + statSync(join(BUILT_APP, url)).size, 0);
  const chunks = firstPaintChunks();
  const gzipped = chunks.map(
    (file) => gzipSync(readFileSync(join(BUILT_APP, file)), { level: 9 }).byteLength,
  );
  const firstPaintJs = gzipped.reduce((sum, bytes) => sum + bytes, 0);
  const css = readFileSync(join(BUILT_APP, 'index.html'), 'utf8').match(
    /href="[^"]*(assets\/index-[\w-]+\.css)"/,
  )?.[1];
  const cssGzip = css ? gzipSync(readFileSync(join(BUILT_APP, css)), { level: 9 }).byteLength : 0;

  // A first visit: a fresh profile each time, no service worker (blocked, so none installs mid-measure).
  const firstVisits: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await watchInteractive(context);
    const page = await context.newPage();
    firstVisits.push(await measureLoad(page, () => page.goto(server.url)));
    await context.close();
  }

  // The service worker warm: one profile, installed and isolated, then reloads online and offline.
  const context = await browser.newContext();
  await watchInteractive(context);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await waitForServiceWorker(page);
  const warmOnline: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) warmOnline.push(await measureLoad(page, () => page.reload()));
  await context.setOffline(true);
  const warmOffline: StartupTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) warmOffline.push(await measureLoad(page, () => page.reload()));
  await context.close();

  console.log(
    [
      '',
      `Startup of ${BUILT_APP} on localhost, Chromium headless`,
      `  precache: ${precached.length} files, ${kilobytes(precacheBytes)} (the agent worker and the virtual sandbox included)`,
      `  first-paint JavaScript: ${kilobytes(firstPaintJs)} gzipped in ${chunks.length} chunk(s) (${chunks.join(', ')}); budget ${kilobytes(FIRST_PAINT_BUDGET_BYTES)}; CSS ${kilobytes(cssGzip)} gzipped`,
      `  ${describeTimings('first visit, online', firstVisits)}`,
      `  ${describeTimings('service worker warm, online', warmOnline)}`,
      `  ${describeTimings('service worker warm, offline', warmOffline)}`,
      '',
    ].join('\n'),
  );
  expect(precached).toContain('index.html');
  expect(chunks.length).toBeGreaterThan(0);
  for (const timing of [...firstVisits, ...warmOnline, ...warmOffline]) {
    expect(timing.interactiveMs).toBeGreaterThan(0);
  }
});

import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { KNOWN_DATABASE_KEY } from '../../src/state/app/lost-data-check.ts';
import { BUILT_APP } from '../e2e/pwa-helpers.ts';
import { mountSmallDisk, type SmallDisk } from '../fixtures/small-disk.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What Chromium's IndexedDB does when the disk itself is full (issue 29): a profile on a
 * 64 MB tmpfs, a database holding one precious row, the disk filled with a ballast file
 * until 4 MB are left, then writes until one fails: first large values (Chromium keeps
 * them as blob files beside its LevelDB), then small ones (kept in LevelDB's log). After
 * each kind of failure: is the precious row still there once space is freed? Needs root to
 * mount the tmpfs (skips, saying so, without). Records `full-disk`.
 */
let disk: SmallDisk | null = null;
let context: BrowserContext | null = null;
let app: StaticServer | null = null;
afterEach(async () => {
  await context?.close().catch(() => undefined);
  await app?.close();
  disk?.unmount();
  disk = null;
});

type Outcome = { writes: number; failure: string; closedByBrowser: boolean; keptAfterFreeing: boolean };

/** Writes values of `size` bytes (random, so nothing compresses) until one fails; reads the precious row after freeing space. */
async function fillUntilRefused(
  page: Page,
  full: SmallDisk,
  size: number,
  database: string,
): Promise<Outcome> {
  await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('rows');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve) => {
      const transaction = db.transaction('rows', 'readwrite');
      transaction.objectStore('rows').put('precious', 'keep');
      transaction.oncomplete = () => resolve();
    });
    db.close();
  }, database);
  full.fillLeaving(4_000_000);
  const result = await page.evaluate(
    async ({ name, size }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      let closedByBrowser = false;
      db.onclose = () => {
        closedByBrowser = true;
      };
      for (let index = 0; index < 20_000; index += 1) {
        const value = new Uint8Array(size);
        for (let at = 0; at < size; at += 65_536)
          crypto.getRandomValues(value.subarray(at, Math.min(size, at + 65_536)));
        const failure = await new Promise<string | null>((resolve) => {
          try {
            const transaction = db.transaction('rows', 'readwrite', { durability: 'strict' });
            transaction.objectStore('rows').put(value, `row-${index}`);
            transaction.oncomplete = () => resolve(null);
            transaction.onabort = () => resolve(`${transaction.error?.name}: ${transaction.error?.message}`);
          } catch (error) {
            resolve(`${(error as Error).name}: ${(error as Error).message}`);
          }
        });
        if (failure) return { writes: index, failure, closedByBrowser };
      }
      return { writes: 20_000, failure: 'none', closedByBrowser };
    },
    { name: database, size },
  );
  full.freeBallast();
  await page.waitForTimeout(1_000);
  const keptAfterFreeing = await page.evaluate(
    (name) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('rows')) return resolve(false);
          const read = db.transaction('rows').objectStore('rows').get('keep');
          read.onsuccess = () => resolve(read.result === 'precious');
          read.onerror = () => resolve(false);
        };
        request.onerror = () => resolve(false);
      }),
    database,
  );
  return { ...result, keptAfterFreeing };
}

it('finds out what Chromium keeps when a write meets a full disk', async (test) => {
  const mounted = mountSmallDisk(64);
  if (typeof mounted === 'string') return test.skip(mounted);
  disk = mounted;
  app = await startStaticServer(BUILT_APP);
  context = await chromium.launchPersistentContext(`${disk.path}/profile`, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${app.url}/favicon.svg`);
  // The page keeps the database's name in localStorage (lost-data-check.ts): does that outlive the database?
  await page.evaluate((key) => localStorage.setItem(key, 'the-database-before'), KNOWN_DATABASE_KEY);
  const large = await fillUntilRefused(page, disk, 300_000, 'full-disk-large');
  const small = await fillUntilRefused(page, disk, 2_000, 'full-disk-small');
  // Read after a reload, from what the browser saved (not the page's copy in memory).
  await page.reload();
  const markerKept =
    (await page.evaluate((key) => localStorage.getItem(key), KNOWN_DATABASE_KEY)) === 'the-database-before';
  const line = (label: string, outcome: Outcome) =>
    `  ${label}: ${outcome.writes} writes, then ${outcome.failure}${outcome.closedByBrowser ? ' (the browser closed the connection)' : ''}; the precious row after freeing space: ${outcome.keptAfterFreeing ? 'kept' : 'GONE (the database was deleted, or could not be read)'}`;
  console.log(
    [
      'full-disk (Chromium, profile on a 64 MB tmpfs, 4 MB left)',
      line('300 KB values', large),
      line('2 KB values', small),
      `  localStorage after that: ${markerKept ? 'kept' : 'GONE'}`,
    ].join('\n'),
  );
  recordFigures('full-disk', {
    title:
      "Chromium's IndexedDB on a full disk: a profile on a 64 MB tmpfs with 4 MB left, writes until one fails",
    bench: import.meta.url,
    command: 'npx vite build && npx vitest run --project bench tests/bench/full-disk.bench.test.ts (as root)',
    figures: [
      {
        name: '300 KB values: writes before the failure',
        value: large.writes,
        unit: '',
        note: large.failure,
      },
      {
        name: '300 KB values: the database kept after freeing space (1 yes, 0 no)',
        value: large.keptAfterFreeing ? 1 : 0,
        unit: '',
      },
      { name: '2 KB values: writes before the failure', value: small.writes, unit: '', note: small.failure },
      {
        name: '2 KB values: the database kept after freeing space (1 yes, 0 no)',
        value: small.keptAfterFreeing ? 1 : 0,
        unit: '',
      },
      {
        name: "localStorage kept through it (where the page keeps the database's name, to say the data was lost; 1 yes, 0 no)",
        value: markerKept ? 1 : 0,
        unit: '',
      },
    ],
  });
  expect(large.failure).not.toBe('none');
  expect(small.failure).not.toBe('none');
}, 240_000);

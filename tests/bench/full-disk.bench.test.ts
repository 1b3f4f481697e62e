import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { KNOWN_DATABASE_KEY } from '../../src/page/state/app/lost-data-check.ts';
import { appOnFullDisk } from '../e2e/full-disk-app.ts';
import { BUILT_APP } from '../e2e/pwa-helpers.ts';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { mountSmallDisk, type SmallDisk } from '../fixtures/small-disk.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What Chromium's IndexedDB does when the disk itself is full (issue 29): a profile on a
 * 64 MB tmpfs, a database holding one precious row, the disk filled with a ballast file
 * until 4 MB are left, then writes until one fails: first large values (Chromium keeps
 * them as blob files beside its LevelDB), then small ones (kept in LevelDB's log). After
 * each kind of failure: is the precious row still there once space is freed? Then the app
 * itself on that disk (`appOnFullDisk`): what it said, and what its backup copy brought
 * back. Needs root to mount the tmpfs (skips, saying so, without). Records `full-disk`.
 */
let disk: SmallDisk | null = null;
let context: BrowserContext | null = null;
let app: StaticServer | null = null;
let model: ScriptedServer | null = null;
afterEach(async () => {
  await context?.close().catch(() => undefined);
  await app?.close();
  await model?.close();
  model = null;
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
            // A write that neither commits nor aborts is a finding too (and never hangs the bench).
            setTimeout(() => resolve('no answer within 30 s: the write hung'), 30_000);
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
        setTimeout(() => resolve(false), 30_000);
      }),
    database,
  );
  return { ...result, keptAfterFreeing };
}

/** What replacing a file of the origin private file system did while the disk was full. */
type CopyOutcome = { refusedWhenFull: boolean; oldCopyWhole: boolean; replacedAfterFreeing: boolean };

/**
 * The backup copy's promise, checked on the disk itself: a file of the origin private file
 * system replaced (`createWritable`, as `BackupFolder.write` does) while the disk is full
 * fails, leaves the version before whole, and is replaced once space is freed.
 */
async function replaceCopyOnFullDisk(page: Page, full: SmallDisk): Promise<CopyOutcome> {
  const write = (text: string, padding: number) =>
    page.evaluate(
      async ({ text, padding }) => {
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle('copy-check.bin', { create: true });
        const stream = await handle.createWritable();
        try {
          await stream.write(new TextEncoder().encode(text));
          const bytes = new Uint8Array(padding);
          for (let at = 0; at < padding; at += 65_536)
            crypto.getRandomValues(bytes.subarray(at, Math.min(padding, at + 65_536)));
          await stream.write(bytes);
          await stream.close();
          return true;
        } catch {
          await stream.abort().catch(() => undefined);
          return false;
        }
      },
      { text, padding },
    );
  const read = () =>
    page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const file = await (await root.getFileHandle('copy-check.bin')).getFile();
      return { size: file.size, start: await file.slice(0, 11).text() };
    });
  await write('VERSION-ONE', 1_000);
  full.fillLeaving(2_000_000);
  const refusedWhenFull = !(await write('VERSION-TWO', 5_000_000));
  const after = await read();
  full.freeBallast();
  const replacedAfterFreeing = await write('VERSION-TRI', 5_000_000);
  return {
    refusedWhenFull,
    oldCopyWhole: after.size === 1_011 && after.start === 'VERSION-ONE',
    replacedAfterFreeing,
  };
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
  // First, before IndexedDB's failures below can touch this origin's storage.
  const copy = await replaceCopyOnFullDisk(page, disk);
  const large = await fillUntilRefused(page, disk, 300_000, 'full-disk-large');
  const small = await fillUntilRefused(page, disk, 2_000, 'full-disk-small');
  // Read after a reload, from what the browser saved (not the page's copy in memory).
  await page.reload();
  const markerKept =
    (await page.evaluate((key) => localStorage.getItem(key), KNOWN_DATABASE_KEY)) === 'the-database-before';
  // The app itself, in a profile of its own on the same disk (the raw databases above are gone).
  await context.close();
  // The app needs room for itself (its offline copy): a disk of 256 MB of its own.
  disk.unmount();
  disk = null;
  const appDisk = mountSmallDisk(256);
  if (typeof appDisk === 'string') throw new Error(appDisk);
  disk = appDisk;
  model = await startScriptedServer();
  context = await chromium.launchPersistentContext(`${appDisk.path}/app-profile`, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const appPage = context.pages()[0] ?? (await context.newPage());
  const inApp = await appOnFullDisk(appPage, app.url, appDisk, model);
  const line = (label: string, outcome: Outcome) =>
    `  ${label}: ${outcome.writes} writes, then ${outcome.failure}${outcome.closedByBrowser ? ' (the browser closed the connection)' : ''}; the precious row after freeing space: ${outcome.keptAfterFreeing ? 'kept' : 'GONE (the database was deleted, or could not be read)'}`;
  console.log(
    [
      'full-disk (Chromium, profile on a 64 MB tmpfs, 4 MB left)',
      line('300 KB values', large),
      line('2 KB values', small),
      `  localStorage after that: ${markerKept ? 'kept' : 'GONE'}`,
      `  a private file system file replaced while full: refused ${copy.refusedWhenFull}, the version before whole ${copy.oldCopyWhole}, replaced after freeing ${copy.replacedAfterFreeing}`,
      `  the app: ${inApp.stepsBeforeFailure} model requests before a write failed; said storage is full: ${inApp.saidStorageFull}; the run shown stopped: ${inApp.stoppedShown}, the thread ended: "${inApp.lastNotice}"`,
      `  while full: the finished conversation and its file readable: ${inApp.readWhileFull} (from the backup copy: ${inApp.fromBackupCopy}); after freeing, without a reload, it went on: ${inApp.wentOnAfterFreeing}; said the data was lost: ${inApp.saidLostWithoutReload}`,
      `  after a reload (the page began "${inApp.afterReload.slice(0, 160)}"): database kept: ${inApp.databaseKept}; said the data was lost: ${inApp.saidDataLost}; backup copies offered ${inApp.copiesOffered}, restored ${inApp.restored}; the finished task's file back: ${inApp.fileBack}`,
    ].join('\n'),
  );
  recordFigures('full-disk', {
    title:
      "Chromium's IndexedDB on a full disk: a profile on a 64 MB tmpfs with 4 MB left, writes until one fails",
    bench: import.meta.url,
    paths: [
      'src/shared/storage/',
      'src/agent-worker/runtime/conversation-backups.ts',
      'src/agent-worker/engine/journal.ts',
      'src/page/state/app/',
      'tests/e2e/full-disk-app.ts',
      'tests/fixtures/small-disk.ts',
      'vite.config.ts',
    ],
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
      {
        name: 'a private file system file replaced with 2 MB left: the version before kept whole (1 yes, 0 no)',
        value: copy.oldCopyWhole ? 1 : 0,
        unit: '',
        note: `the 5 MB write ${copy.refusedWhenFull ? 'refused' : 'NOT refused'}; replaced once space was freed: ${copy.replacedAfterFreeing ? 'yes' : 'no'}`,
      },
      {
        name: 'the app, 1 MB left: model requests before a write failed',
        value: inApp.stepsBeforeFailure,
        unit: '',
        note: inApp.saidStorageFull
          ? 'the page said storage is full'
          : 'the page did not say storage is full',
      },
      {
        name: 'the app, while full: the run that met it shown stopped, not working (1 yes, 0 no)',
        value: inApp.stoppedShown ? 1 : 0,
        unit: '',
      },
      {
        name: 'the app, while full: a finished conversation and its file readable (1 yes, 0 no)',
        value: inApp.readWhileFull ? 1 : 0,
        unit: '',
        note: inApp.fromBackupCopy
          ? 'from its backup copy, read only: the database could not be opened'
          : 'from the database itself',
      },
      {
        name: 'the app, after freeing space, without a reload: a message sent and answered, the alert gone (1 yes, 0 no)',
        value: inApp.wentOnAfterFreeing ? 1 : 0,
        unit: '',
      },
      {
        name: 'the app: its database kept after freeing space (1 yes, 0 no)',
        value: inApp.databaseKept ? 1 : 0,
        unit: '',
      },
      {
        name: 'the app: said the conversations were lost (1 yes, 0 no)',
        value: inApp.saidDataLost ? 1 : 0,
        unit: '',
      },
      {
        name: 'the app: conversations its backup copy brought back',
        value: inApp.restored,
        unit: '',
        note: `of ${inApp.copiesOffered} offered; 1 finished before the disk filled`,
      },
      {
        name: "the app: the finished task's file back and readable (1 yes, 0 no)",
        value: inApp.fileBack ? 1 : 0,
        unit: '',
      },
    ],
  });
  expect(large.failure).not.toBe('none');
  expect(small.failure).not.toBe('none');
  // Whatever Chromium did, the finished task is there: kept, or brought back from its copy.
  expect(inApp.fileBack).toBe(true);
  // Read only while full, and on again once space is freed, without a reload.
  expect(inApp).toMatchObject({ stoppedShown: true, readWhileFull: true });
  // …or, where Chromium deleted the database meanwhile (its settings with it), said so without a reload.
  expect(inApp.wentOnAfterFreeing || inApp.saidLostWithoutReload).toBe(true);
  expect(copy).toEqual({ refusedWhenFull: true, oldCopyWhole: true, replacedAfterFreeing: true });
}, 480_000);

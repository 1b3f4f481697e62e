import { type BrowserContext, chromium } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { mountSmallDisk, type SmallDisk } from '../fixtures/small-disk.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { appOnFullDisk } from './full-disk-app.ts';
import { BUILT_APP } from './pwa-helpers.ts';

/**
 * The app on a disk that really fills (issue 29), in `npm test`: a profile on a 256 MB
 * tmpfs with 1 MB left. A step's write fails and the page says storage is full; the run is
 * shown stopped; the finished conversation and its file stay readable (from the backup
 * copy when Chromium cannot open the database); once space is freed the same page goes on
 * without a reload, and after one the finished task's file is there. Needs root to mount
 * the tmpfs (skips, saying so, without). tests/bench/full-disk measures more of it.
 */
let disk: SmallDisk | null = null;
let context: BrowserContext | null = null;
let app: StaticServer | null = null;
let model: ScriptedServer | null = null;
afterEach(async () => {
  await context?.close().catch(() => undefined);
  await app?.close();
  await model?.close();
  disk?.unmount();
  disk = null;
});

it('stays readable while the disk is full and goes on once space is freed, without a reload', async (test) => {
  const mounted = mountSmallDisk(256);
  if (typeof mounted === 'string') return test.skip(mounted);
  disk = mounted;
  app = await startStaticServer(BUILT_APP);
  model = await startScriptedServer();
  context = await chromium.launchPersistentContext(`${disk.path}/profile`, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const outcome = await appOnFullDisk(page, app.url, disk, model);
  console.log(
    `full disk: ${outcome.stepsBeforeFailure} steps before the write failed; read while full ${outcome.fromBackupCopy ? 'from the backup copy' : 'from the database'}; after freeing ${outcome.wentOnAfterFreeing ? 'it went on' : outcome.saidLostWithoutReload ? 'it said the data was lost' : 'neither went on nor said the data was lost'}; after a reload the page showed ${outcome.saidDataLost ? 'that the data was lost' : 'the conversations'} ${outcome.reloadShownMs === null ? `— neither within a minute (${outcome.bareOpenAfterReload})` : `after ${outcome.reloadShownMs} ms`}`,
  );
  // Whether the finished conversation came from its backup copy (`fromBackupCopy`) is not
  // asserted: Chromium sometimes keeps the database readable while the disk is full (the
  // bench records which). Either way it must be readable.
  // Once space is freed it goes on, or, where Chromium deleted the database meanwhile (the
  // settings with it), it says so without a reload.
  expect(outcome.wentOnAfterFreeing || outcome.saidLostWithoutReload, JSON.stringify(outcome, null, 1)).toBe(
    true,
  );
  expect(outcome, JSON.stringify(outcome, null, 1)).toMatchObject({
    saidStorageFull: true,
    stoppedShown: true,
    readWhileFull: true,
    fileBack: true,
  });
}, 240_000);

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedServer } from '../fixtures/scripted-llm-server.ts';
import type { SmallDisk } from '../fixtures/small-disk.ts';
import { configureProvider } from './app-harness.ts';
import { backupCopyNames, gotoSettled, pageBeginning } from './pwa-helpers.ts';

/**
 * The app itself on a full disk (tests/bench/full-disk.bench.test.ts): what it said, what
 * it kept readable while full, whether it went on once space was freed, and what its
 * backup copy brought back after a reload.
 */

/** What the app itself did on the full disk, and what its backup copy brought back. */
export type AppOutcome = {
  stepsBeforeFailure: number;
  saidStorageFull: boolean;
  databaseKept: boolean;
  saidDataLost: boolean;
  copiesOffered: number;
  restored: number;
  fileBack: boolean;
  /** While full: the run that met it shown stopped (not "Working"). */
  stoppedShown: boolean;
  /** What the page showed after the reload (its first words), for a run that kept nothing. */
  afterReload: string;
  /** The end of the thread of the run that met it (what it said last). */
  lastNotice: string;
  /** While full: the finished conversation's thread and file readable. */
  readWhileFull: boolean;
  /** …and that from its backup copy (the database could not be opened). */
  fromBackupCopy: boolean;
  /** After freeing space, without a reload: a message sent and answered, the storage alert gone. */
  wentOnAfterFreeing: boolean;
  /**
   * …or, when Chromium deleted the database while the page was open (seen once: the page
   * then had no settings, so no provider), the page said the data was lost, without a reload.
   */
  saidLostWithoutReload: boolean;
  /** From the reload until the page showed the conversations or said they were lost (null: neither came). */
  reloadShownMs: number | null;
  /** When neither came: what a bare IndexedDB open in the page did (how long it took, or that it hung). */
  bareOpenAfterReload: string;
};

const FILE = '/home/ubuntu/notes/todo.md';

/**
 * How long the reloaded page may take to show the conversations (or say they were lost):
 * long, as the time it took is a figure (`reloadShownMs`, printed), not what is asserted.
 * Once in a CI run it showed neither within 20 s ("Loading the conversation…", an empty
 * sidebar); `bareOpenAfterReload` says what IndexedDB did then, should it happen again.
 */
const RELOAD_WAIT_MS = 60_000;

/** Opens the app's databases bare, in the page, and says how long each took or that it hung. */
async function bareOpen(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const names = (await indexedDB.databases()).map((database) => database.name ?? '');
      const opened = await Promise.all(
        names.map(
          (name) =>
            new Promise<string>((resolve) => {
              const started = performance.now();
              const request = indexedDB.open(name);
              const took = () => Math.round(performance.now() - started);
              const timer = setTimeout(() => resolve(`${name}: still opening after ${took()} ms`), 10_000);
              request.onsuccess = () => {
                clearTimeout(timer);
                request.result.close();
                resolve(`${name}: opened in ${took()} ms`);
              };
              request.onerror = () => {
                clearTimeout(timer);
                resolve(`${name}: ${request.error?.name ?? 'error'} after ${took()} ms`);
              };
              request.onblocked = () => resolve(`${name}: blocked after ${took()} ms`);
            }),
        ),
      );
      return `databases: ${names.length}; ${opened.join('; ')}`;
    })
    .catch((error: unknown) => `could not ask: ${String(error).slice(0, 200)}`);
}

/**
 * The app on the small disk: a finished task (with a file), its backup copy written; the
 * disk filled until 1 MB is left; a second task of small steps until a write fails; the
 * space freed and the page reloaded: is the database there, and if not, does the backup
 * copy bring the first conversation back with its file?
 */
export async function appOnFullDisk(
  page: Page,
  appUrl: string,
  full: SmallDisk,
  scripted: ScriptedServer,
): Promise<AppOutcome> {
  // Installed first: a service worker still precaching when the disk fills fails to
  // install, installs after the reload instead, and then reloads that page into
  // cross-origin isolation a few seconds later (seen in a CI run: the conversations shown,
  // then the app shell again), which is the app as designed, not what is measured here.
  await gotoSettled(page, appUrl);
  await configureProvider(page, scripted.url, { stepBudget: 5000 });
  scripted.setScript([
    acknowledge(),
    planNotes(),
    call('file', { action: 'write', path: FILE, text: '# Todo\n- buy milk\n' }),
    call('message', { type: 'result', text: 'Done.', attachments: [FILE] }),
  ]);
  await page.getByRole('textbox', { name: 'Message' }).fill('Keep my todo list.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('Done.', { exact: true }).last().waitFor();
  await expect.poll(() => backupCopyNames(page), { timeout: 15_000 }).toHaveLength(1);

  full.fillLeaving(1_000_000);
  const filler = 'A step of a long task, written down so that the disk fills. '.repeat(16);
  scripted.setScript([acknowledge(), planNotes()]);
  let step = 0;
  // Each step says something new (the same call again and again is asked about, not run).
  scripted.setFallback(() => {
    step += 1;
    return call('message', { type: 'info', text: `Step ${step}. ${filler}` });
  });
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Fill the disk.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const storageFull = page.getByRole('alert').filter({ hasText: /Storage is full|Saving failed/ });
  const status = page.locator('.main-header [data-conversation-status]');
  // The run ends on the failed write: said as storage full (or, when that could not be told, failed saving).
  await Promise.race([
    storageFull.first().waitFor({ timeout: 120_000 }),
    status.and(page.locator(':not([data-conversation-status="running"])')).waitFor({ timeout: 120_000 }),
  ]).catch(() => undefined);
  const stepsBeforeFailure = scripted.requests.length;
  scripted.setFallback(null);
  const saidStorageFull = await storageFull
    .first()
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  const stoppedShown = await expect
    .poll(() => status.getAttribute('data-conversation-status'), { timeout: 10_000 })
    .not.toBe('running')
    .then(() => true)
    .catch(() => false);
  // What the thread said last (its end), for the figures' note.
  const threadText = await page
    .locator('.thread-body')
    .innerText()
    .catch(() => '');
  const lastNotice = threadText.trim().split('\n').slice(-3).join(' / ').slice(-300);
  await page.screenshot({ path: 'test-results/full-disk-stopped.png' });

  // Still full: the finished conversation, its thread and its file, read only.
  await page.getByRole('button', { name: 'Keep my todo list.' }).first().click();
  const readOnly = page.getByRole('status').filter({ hasText: /^Read only\./ });
  const readWhileFull = await page
    .getByText('Done.', { exact: true })
    .last()
    .waitFor({ timeout: 15_000 })
    .then(async () => {
      await page
        .getByRole('button', { name: /todo\.md/ })
        .first()
        .click();
      // The file's own view in the Computer panel (it reads the file anew), not only the thread's preview.
      await page
        .getByRole('complementary', { name: 'Computer' })
        .getByText('buy milk')
        .first()
        .waitFor({ timeout: 15_000 });
      return true;
    })
    .catch(() => false);
  const fromBackupCopy = await readOnly.isVisible();
  await page.screenshot({ path: 'test-results/full-disk-read-only.png' });

  // Space freed, no reload: try again, send a message, and it goes on.
  full.freeBallast();
  if (fromBackupCopy) {
    await readOnly.getByRole('button', { name: 'Try again' }).click();
    await readOnly.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  }
  scripted.setScript([
    acknowledge('Adding eggs.'),
    planNotes(),
    call('message', { type: 'result', text: 'Eggs added.' }),
  ]);
  await page.getByRole('textbox', { name: 'Message' }).fill('Add eggs.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const lostAlert = page.getByRole('alert').filter({ hasText: /Your saved conversations are gone/ });
  const wentOnAfterFreeing = await page
    .getByText('Eggs added.', { exact: true })
    .last()
    .or(lostAlert)
    .first()
    .waitFor({ timeout: 30_000 })
    .then(async () => (await lostAlert.count()) === 0 && (await storageFull.count()) === 0)
    .catch(() => false);
  // The settings are read again every few seconds up to a minute apart while they fail; the
  // page says a deleted database once they answer again.
  const saidLostWithoutReload =
    !wentOnAfterFreeing &&
    (await lostAlert
      .waitFor({ timeout: 75_000 })
      .then(() => true)
      .catch(() => false));
  await page.screenshot({ path: 'test-results/full-disk-went-on.png' });

  await page.waitForTimeout(1_000);
  const reloadedAt = Date.now();
  await page.reload();
  const lost = page.getByRole('alert').filter({ hasText: /Your saved conversations are gone/ });
  const kept = page.getByRole('button', { name: 'Keep my todo list.' }).first();
  const reloadShownMs = await Promise.race([
    lost.waitFor({ timeout: RELOAD_WAIT_MS }),
    kept.waitFor({ timeout: RELOAD_WAIT_MS }),
  ]).then(
    () => Date.now() - reloadedAt,
    () => null,
  );
  const bareOpenAfterReload = reloadShownMs === null ? await bareOpen(page) : '';
  await page.screenshot({ path: 'test-results/full-disk-reloaded.png' });
  const afterReload = await pageBeginning(page, 400);
  const saidDataLost = await lost.isVisible();
  const databaseKept = !saidDataLost && (await kept.isVisible());
  let copiesOffered = 0;
  let restored = 0;
  let fileBack = false;
  if (saidDataLost) {
    const offer = lost.getByRole('button', { name: /^Restore \d+ conversations?$/ });
    await offer.waitFor({ timeout: 10_000 }).catch(() => undefined);
    copiesOffered = Number((await offer.textContent().catch(() => ''))?.match(/\d+/)?.[0] ?? 0);
    if (copiesOffered > 0) {
      await offer.click();
      const done = lost.getByText(/^Restored \d+ conversations? from the backup copy\./);
      await done.waitFor({ timeout: 30_000 });
      restored = Number((await done.textContent())?.match(/\d+/)?.[0] ?? 0);
    }
  }
  if (saidDataLost ? restored > 0 : databaseKept) {
    await page.getByRole('button', { name: 'Keep my todo list.' }).first().click();
    await page
      .getByRole('button', { name: /todo\.md/ })
      .first()
      .click();
    // The first shown: the text may also sit in a part of the page that is not on screen.
    fileBack = await page
      .getByText('buy milk')
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!fileBack) await page.screenshot({ path: 'test-results/full-disk-file-not-back.png' });
  }
  return {
    stepsBeforeFailure,
    saidStorageFull,
    databaseKept,
    saidDataLost,
    copiesOffered,
    restored,
    fileBack,
    stoppedShown,
    lastNotice,
    afterReload,
    readWhileFull,
    fromBackupCopy,
    wentOnAfterFreeing,
    saidLostWithoutReload,
    reloadShownMs,
    bareOpenAfterReload,
  };
}

import { afterEach, beforeEach, expect, it } from 'vitest';
import { DATABASE_NAME } from '../../src/shared/storage/db-name.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { backupCopyNames } from './pwa-helpers.ts';

/**
 * Issue 29: Chromium deletes the whole database when a commit meets a full disk
 * (tests/bench/full-disk). Here the browser's deletion is played by deleting the database
 * after a finished task; the page, reloaded, says the conversations were lost instead of
 * opening as if new, once, and offers the backup copy the worker kept in the origin private
 * file system, which brings the conversation back with its file. Deleting a conversation
 * oneself is not taken for a loss, and takes its backup copy with it.
 */
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

const LOST = /Your saved conversations are gone/;
const FILE = '/home/ubuntu/notes/todo.md';

async function finishOneTask(): Promise<void> {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', { action: 'write', path: FILE, text: '# Todo\n- buy milk\n' }),
    call('message', { type: 'result', text: 'Done.', attachments: [FILE] }),
  ]);
  await harness.sendTask('Say done.');
  await page.getByText('Done.', { exact: true }).last().waitFor();
}

it('says the conversations are gone when the browser deleted the database, once', async () => {
  const { page } = harness;
  await harness.configure();
  await finishOneTask();
  expect(await page.getByText(LOST).count()).toBe(0);
  // The worker copies a conversation once its run has ended (and a moment has passed).
  await expect.poll(() => backupCopyNames(harness.page), { timeout: 10_000 }).toHaveLength(1);
  // The browser deletes the site's database (the worker's connection closes on the version change).
  const deleted = await page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve('deleted');
        request.onerror = () => resolve(`failed: ${request.error?.message}`);
        request.onblocked = () => undefined;
      }),
    DATABASE_NAME,
  );
  expect(deleted).toBe('deleted');
  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: LOST });
  await banner.waitFor();
  await banner.getByText(/kept a backup copy of 1 conversation/).waitFor();
  await harness.screenshot('lost-data-banner');
  await banner.getByRole('button', { name: 'Restore 1 conversation' }).click();
  await banner.getByText('Restored 1 conversation from the backup copy.').waitFor();
  await harness.screenshot('lost-data-restored');
  // Back with its thread and its file, shown in place of the one the loss took.
  await page.getByText('Done.', { exact: true }).last().waitFor();
  await page
    .getByRole('button', { name: /todo\.md/ })
    .first()
    .click();
  await page.getByText('buy milk').first().waitFor();
  await banner.getByRole('button', { name: /Dismiss/ }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Say done.' }).first().waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByText(LOST).count()).toBe(0);
  // Copied again under its new id, once: nothing to restore twice.
  await expect.poll(() => backupCopyNames(harness.page), { timeout: 10_000 }).toHaveLength(1);
});

it('stays quiet when the person deleted their conversations', async () => {
  const { page } = harness;
  await harness.configure();
  await finishOneTask();
  await expect.poll(() => backupCopyNames(harness.page), { timeout: 10_000 }).toHaveLength(1);
  await page.getByRole('button', { name: 'Delete Say done.' }).click();
  await page.getByRole('button', { name: 'Yes, delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Say done.' }).waitFor({ state: 'detached' });
  await expect.poll(() => backupCopyNames(harness.page), { timeout: 10_000 }).toHaveLength(0);
  await page.reload();
  // The list has loaded (empty) before the check.
  await page.getByText('No conversations yet.').waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByText(LOST).count()).toBe(0);
});

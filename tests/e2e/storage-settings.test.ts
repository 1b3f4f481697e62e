import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';
import {
  backupCopyNames,
  finishTodoConversation,
  screenshotEverywhere,
  threadTexts,
  workspaceFiles,
} from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

it('shows what is stored and clears a workspace (history kept), confirmed inline, by keyboard', async () => {
  const { page } = harness;
  const id = await finishTodoConversation(harness);
  // The first task asked the browser to keep our data; the answer is told once.
  const notice = page.getByRole('status').filter({ hasText: 'This browser' });
  await expect
    .poll(() => notice.textContent())
    .toMatch(/keeps Sandpiper’s conversations|may clear Sandpiper’s data/);
  await page.getByRole('button', { name: 'Dismiss storage notice' }).click();
  await page.reload();
  await page.locator('[data-action-type="message.result"]').waitFor();
  expect(await notice.count()).toBe(0);

  // The finished conversation's backup copy is written (the section reads it when it opens).
  await expect.poll(() => backupCopyNames(page), { timeout: 10_000 }).toHaveLength(1);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Storage');
  const storage = dialog.getByRole('region', { name: 'Storage' });
  await storage.scrollIntoViewIfNeeded();
  await expect
    .poll(() => storage.locator('.storage-total-text').textContent())
    .toMatch(/^Using [\d.]+ [KMG]?B of the/);
  expect(await storage.getByRole('meter', { name: 'Storage used' }).count()).toBe(1);
  await expect.poll(() => storage.locator('.storage-persistence').textContent()).toMatch(/This browser/);
  // The finished conversation's backup copy (kept apart from the database).
  await expect
    .poll(() => storage.locator('.storage-backup').textContent())
    .toMatch(/^Backup copy: 1 conversation \([\d.]+ KB\), in this browser's private file system/);
  const row = storage.getByRole('listitem').filter({ hasText: 'Keep a todo list' });
  expect(await row.locator('.storage-sizes').textContent()).toMatch(
    /^[\d.]+ KB · history [\d.]+ KB · workspace \d+ B · \d+ checkpoints [\d.]+ K?B$/,
  );
  expect(
    await screenshotEverywhere(harness, 'storage-section', () => storage.scrollIntoViewIfNeeded()),
  ).toEqual([]);

  // By keyboard: Clear workspace asks first; Esc takes the question back without closing Settings.
  const clear = row.getByRole('button', { name: 'Clear workspace of Keep a todo list in notes/todo.md' });
  await clear.focus();
  await page.keyboard.press('Enter');
  const confirm = row.getByRole('button', { name: 'Yes, clear' });
  await expect.poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  expect(await dialog.isVisible()).toBe(true);
  await clear.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => row.locator('.storage-sizes').textContent())
    .toMatch(/workspace 0 B · 0 checkpoints 0 B$/);
  expect(await clear.isDisabled()).toBe(true);
  expect(await workspaceFiles(page, id)).toEqual({});
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // The conversation stays.
  expect((await threadTexts(page)).length).toBeGreaterThan(8);
});

it('shows a storage-full alert as a banner naming the largest conversations, with a way to Settings → Storage', async () => {
  const { page } = harness;
  await finishTodoConversation(harness);
  await page.getByRole('button', { name: 'Dismiss storage notice' }).click();
  // The worker's alert, as the runtime broadcasts it when a write hits the quota
  // (tests/integration/storage-full.test.ts covers that side).
  await page.evaluate((message) => {
    const channel = new BroadcastChannel('sandpiper-events');
    channel.postMessage(message);
    channel.close();
  }, STORAGE_FULL_ALERT);

  const banner = page.getByRole('alert').filter({ hasText: 'Storage is full' });
  await banner.waitFor();
  expect(await banner.locator('.app-banner-text').textContent()).toBe(STORAGE_FULL_ALERT.text);
  await expect
    .poll(() => banner.locator('.app-banner-detail').textContent())
    .toMatch(/^Largest now: Keep a todo list in notes\/todo\.md \([\d.]+ KB\)\.$/);
  expect(await screenshotEverywhere(harness, 'storage-full-banner')).toEqual([]);

  await banner.getByRole('button', { name: 'Free up space…' }).click();
  const storage = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Storage' });
  await expect.poll(() => storage.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await storage.isVisible()).toBe(true);
  await expect.poll(() => storage.getByRole('listitem').count()).toBe(1);
  await page.keyboard.press('Escape');
  await banner.getByRole('button', { name: 'Dismiss storage alert' }).click();
  expect(await banner.count()).toBe(0);
});

/** What the runtime broadcasts when IndexedDB refuses a write for lack of space. */
const STORAGE_FULL_ALERT = {
  type: 'alert',
  conversationId: null,
  kind: 'storage_full',
  text: 'Storage is full, so the last step was not saved (everything before it is intact). Free space in Settings → Storage by deleting conversations or workspaces you no longer need, then send a message to continue.',
};

import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storageNotesAppRun } from '../fixtures/storage-notes-app.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * The acceptance flow's kind of deliverable, in its own preview: a notes app that keeps
 * its notes in `localStorage` and IndexedDB (and a cookie, and a session counter) works
 * in the Computer panel's preview and in a tab of its own, keeps its notes across
 * reloads, and keeps them to itself: another conversation's preview of the same app
 * starts empty, and nothing the preview wrote lands in the app's own storage.
 */

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  // The preview route lives in the service worker: let it take over first.
  await waitForServiceWorkerControl(harness.page);
  await harness.configure();
});
afterAll(async () => harness?.close());

/** Runs the notes-app script in a new conversation and opens its preview in the Computer panel. */
async function buildAndOpenPreview(page: Page): Promise<{ panel: Locator; app: FrameLocator }> {
  harness.model.setScript(storageNotesAppRun());
  await harness.sendTask('Build a small notes app');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-action-type="expose"]').last().click();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const app = panel.locator('iframe.live-page').contentFrame();
  await app.getByRole('heading', { name: 'Pocket Notes' }).waitFor({ timeout: 15_000 });
  return { panel, app };
}

async function addNote(app: FrameLocator, text: string): Promise<void> {
  await app.getByRole('textbox', { name: 'Note' }).fill(text);
  await app.getByRole('button', { name: 'Add' }).click();
  await app.getByRole('listitem').filter({ hasText: text }).waitFor({ timeout: 5_000 });
}

it('keeps a preview’s localStorage, IndexedDB, cookie and session across reloads, apart from everything else', async () => {
  const { page } = harness;
  const { panel, app } = await buildAndOpenPreview(page);
  expect(await app.locator('body').evaluate(() => window.origin)).toBe('null');
  await expect.poll(() => app.locator('#idb-count').textContent()).toBe('IndexedDB notes: 0');
  await expect
    .poll(() => app.locator('#visits').textContent())
    .toBe('Visits this session: 1 · cookie: theme=light');

  // Typing a note and pressing Add shows it (the app's script did not crash on localStorage).
  await addNote(app, 'Buy oat milk');
  await addNote(app, 'Call the harbour office');
  await expect.poll(() => app.locator('#idb-count').textContent()).toBe('IndexedDB notes: 2');
  await harness.screenshot('preview-storage-notes');

  // Reloaded, the app reads its notes back from both stores; the session counter goes on.
  await panel.getByRole('button', { name: 'Reload' }).click();
  await app.getByRole('listitem').filter({ hasText: 'Call the harbour office' }).waitFor({ timeout: 15_000 });
  expect(await app.getByRole('listitem').allTextContents()).toEqual([
    'Buy oat milk',
    'Call the harbour office',
  ]);
  await expect.poll(() => app.locator('#idb-count').textContent()).toBe('IndexedDB notes: 2');
  await expect.poll(() => app.locator('#visits').textContent()).toMatch(/^Visits this session: 2 /);

  // The same preview in a tab of its own: the notes are there, and one added there comes back here.
  const address = await panel.locator('a.browser-url').getAttribute('href');
  expect(address).toMatch(/\/preview\/[^/]+\/notes-app\/index\.html$/);
  const tab = await page.context().newPage();
  await tab.goto(address!);
  const tabApp = tab.locator('iframe.preview-tab-frame').contentFrame();
  await tabApp.getByRole('listitem').filter({ hasText: 'Buy oat milk' }).waitFor({ timeout: 15_000 });
  expect(await tabApp.locator('body').evaluate(() => window.origin)).toBe('null');
  await addNote(tabApp, 'Written in the tab');
  await expect.poll(() => tabApp.locator('#idb-count').textContent()).toBe('IndexedDB notes: 3');
  await tab.screenshot({ path: `${(await import('./app-harness.ts')).SCREENSHOTS}preview-storage-tab.png` });
  await tab.close();
  await panel.getByRole('button', { name: 'Reload' }).click();
  await app.getByRole('listitem').filter({ hasText: 'Written in the tab' }).waitFor({ timeout: 15_000 });

  // Nothing the preview wrote is in the app's own storage.
  const appStorage = await page.evaluate(async () => ({
    localKeys: Object.keys(localStorage),
    sessionKeys: Object.keys(sessionStorage),
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(appStorage.localKeys).not.toContain('notes');
  expect(appStorage.sessionKeys).not.toContain('visits');
  expect(appStorage.cookie).not.toContain('theme=light');
  expect(appStorage.databases).not.toContain('notes-db');

  // Another conversation's preview of the same app starts empty.
  await page.getByRole('button', { name: 'New conversation' }).click();
  const other = await buildAndOpenPreview(page);
  await expect.poll(() => other.app.locator('#idb-count').textContent()).toBe('IndexedDB notes: 0');
  expect(await other.app.getByRole('listitem').count()).toBe(0);
  await expect
    .poll(() => other.app.locator('#visits').textContent())
    .toBe('Visits this session: 1 · cookie: theme=light');
});

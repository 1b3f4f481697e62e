import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, startApp } from './app-harness.ts';
import { finishTodoConversation, threadTexts, waitForServiceWorker } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.context.setOffline(false);
  await harness.close();
});

/** Every URL the service worker keeps, by cache name. */
function cachedUrls(page: AppHarness['page']): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}

it('starts offline from the service worker and opens an earlier conversation', async () => {
  const { page, context } = harness;
  await finishTodoConversation(harness);
  const thread = await threadTexts(page);
  await waitForServiceWorker(page);

  // The precache holds the shell, the agent worker and the virtual sandbox, not the heavy lazy parts.
  const cached = await cachedUrls(page);
  const precache = Object.entries(cached).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
  expect(precache).toEqual(
    expect.arrayContaining([
      '/index.html',
      '/manifest.webmanifest',
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/agent\.worker-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/virtual-sandbox-[\w-]+\.js$/),
    ]),
  );
  expect(precache.filter((path) => path.startsWith('/assets/lazy/'))).toEqual([]);

  // A load under the service worker: opening a command's terminal caches xterm on first use.
  await page.reload();
  await page.locator('[data-action-type="message.result"]').waitFor();
  await page.locator('[data-action-type="shell.exec"]').first().click();
  const terminal = page.locator('.terminal-host .xterm-rows');
  await expect.poll(() => terminal.textContent(), { timeout: 15_000 }).toContain('buy oat milk');
  await expect
    .poll(async () => (await cachedUrls(page))['sandpiper-lazy-assets'] ?? [])
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/lazy\/xterm-[\w-]+\.js$/)]));

  // Offline for real: what is not cached fails, what is precached is served.
  await context.setOffline(true);
  const probe = (path: string) =>
    page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'served',
          () => 'failed',
        ),
      path,
    );
  expect(await probe(`/not-cached-${Date.now()}.txt`)).toBe('failed');
  expect(await probe('/index.html')).toBe('served');
  await page.reload();
  await page.locator('[data-action-type="message.result"]').waitFor();
  await expect.poll(() => threadTexts(page)).toEqual(thread);
  await expect
    .poll(() => page.locator('.conversation-item').allTextContents())
    .toEqual([expect.stringContaining('Keep a todo list')]);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  // The terminal view (lazy xterm) works offline too, from the runtime cache.
  await page.locator('[data-action-type="shell.exec"]').first().click();
  await expect.poll(() => terminal.textContent(), { timeout: 15_000 }).toContain('buy oat milk');
  await harness.screenshot('offline-start');
});

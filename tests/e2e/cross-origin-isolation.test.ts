import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { launchChromium } from './app-harness.ts';
import { BUILT_APP, waitForServiceWorker } from './pwa-helpers.ts';

let server: StaticServer;
let browser: Browser;
beforeEach(async () => {
  [server, browser] = await Promise.all([startStaticServer(BUILT_APP), launchChromium()]);
});
afterEach(async () => {
  await browser.close();
  await server.close();
});

/** Opens a fresh page that counts its top-level navigations. */
async function countingPage(): Promise<{ page: Page; navigations: () => number }> {
  const page = await browser.newPage();
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return { page, navigations: () => count };
}

it('makes a page from a host without COOP/COEP cross-origin isolated once its service worker takes over', async () => {
  // The host sends no isolation headers at all.
  const response = await fetch(`${server.url}/`);
  expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
  expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();

  const { page, navigations } = await countingPage();
  await page.goto(server.url);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  // The first service worker takes over and the page reloads once, now served with the headers.
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await waitForServiceWorker(page);
  expect(navigations()).toBe(2);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe('function');

  // Later loads are isolated from the start, without another reload.
  await page.reload();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.waitForTimeout(500);
  expect(navigations()).toBe(3);
});

it('does not reload under someone who already started using the page; the next load is isolated', async () => {
  const { page, navigations } = await countingPage();
  await page.goto(server.url);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await composer.fill('A draft I am typing');
  await waitForServiceWorker(page);
  await page.waitForTimeout(500);
  expect(navigations()).toBe(1);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  expect(await composer.inputValue()).toBe('A draft I am typing');

  await page.reload();
  await composer.waitFor();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
});

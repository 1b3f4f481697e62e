import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { launchChromium, SCREENSHOTS } from './app-harness.ts';
import {
  BUILT_APP,
  buildLabel,
  deployBuild,
  labelledBuild,
  screenshotEverywhere,
  temporaryFolder,
  waitForServiceWorker,
  waitForSettled,
} from './pwa-helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('offers a newly deployed build with a prompt instead of switching, and reloads into it when accepted', async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const folder = await temporaryFolder('update');
  cleanups.push(folder.remove);
  const site = join(folder.path, 'site');
  await deployBuild(BUILT_APP, site);
  const server: StaticServer = await startStaticServer(site);
  cleanups.push(server.close);
  const browser: Browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  // The first install takes over at once (and reloads once into isolation).
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await waitForServiceWorker(page);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  const prompt = page.getByRole('button', { name: 'Reload to update' });
  expect(await prompt.count()).toBe(0);
  expect(await buildLabel(page)).toBeNull();

  // A new build is deployed; the browser finds it when it checks for an update.
  const next = join(folder.path, 'next');
  await labelledBuild(BUILT_APP, next, 'next');
  await deployBuild(next, site);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await prompt.waitFor({ timeout: 30_000 });
  expect(await page.getByRole('status').filter({ hasText: 'A new version' }).textContent()).toContain(
    'A new version of Sandpiper is ready.',
  );
  expect(await buildLabel(page)).toBeNull();
  const harness = {
    page,
    screenshot: (name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}${name}.png` }).then(() => undefined),
  };
  expect(await screenshotEverywhere(harness, 'update-prompt')).toEqual([]);

  // Not switched under the person: a reload still runs the old build, and asks again.
  await page.reload();
  await prompt.waitFor();
  expect(await buildLabel(page)).toBeNull();
  // "Later" hides it for this page.
  await page.getByRole('button', { name: 'Update later' }).click();
  expect(await prompt.count()).toBe(0);
  await page.reload();

  // Accepting hands over to the new service worker and reloads into the new build. The click
  // waits for the page to settle, as a person's would: a click in the first few hundred
  // milliseconds races the agent worker's module loads, and Chromium can then drop the
  // switch (the page's fallback reload covers it, but may land on the old build once).
  await page.waitForLoadState('networkidle');
  await prompt.click();
  await page.waitForFunction(
    () => document.querySelector('meta[name="sandpiper-build"]')?.getAttribute('content') === 'next',
    undefined,
    { timeout: 30_000 },
  );
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  expect(await prompt.count()).toBe(0);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(errors).toEqual([]);
});

it('offers no update when the person reloads during the first install', async () => {
  const server = await startStaticServer(BUILT_APP);
  cleanups.push(server.close);
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  // Reloaded while the first page's worker installs: the worker then takes over a page that
  // did not register it (workbox-window calls that external), with no version before it.
  // Nothing is offered, and the page is not reloaded under the person (isolated next visit).
  await page.waitForTimeout(600);
  await page.reload();
  // Nobody has used the reloaded page: once the worker controls it, it may reload into isolation.
  await waitForSettled(page);
  await waitForServiceWorker(page);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.waitForTimeout(2_000);
  expect(await page.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

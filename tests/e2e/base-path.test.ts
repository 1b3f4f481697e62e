import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { launchChromium } from './app-harness.ts';
import { buildApp, temporaryFolder, waitForServiceWorker } from './pwa-helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('deploys under a base path chosen at build time: assets, manifest, service worker and offline start stay under it', async () => {
  const folder = await temporaryFolder('base-path');
  cleanups.push(folder.remove);
  await buildApp(join(folder.path, 'sub'), { base: '/sub/' });
  const html = await readFile(join(folder.path, 'sub', 'index.html'), 'utf8');
  expect(html).toContain('href="/sub/manifest.webmanifest"');
  expect(html).toMatch(/src="\/sub\/assets\/index-[\w-]+\.js"/);
  expect(html).not.toMatch(/(?:src|href)="\/(?!sub\/)/);

  // The host serves the folder that holds `sub/`, like a site with the app in a sub-folder.
  const server: StaticServer = await startStaticServer(folder.path);
  cleanups.push(server.close);
  const browser: Browser = await launchChromium();
  cleanups.push(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(response.url());
  });
  await page.goto(`${server.url}/sub/`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await waitForServiceWorker(page);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, script: found?.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${server.url}/sub/`, script: `${server.url}/sub/sw.js` });

  // The manifest's URLs are relative, so they resolve under the base.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const url = new URL(link?.href ?? '', location.href);
    const body = (await (await fetch(url)).json()) as {
      start_url: string;
      scope: string;
      icons: Array<{ src: string; purpose: string }>;
      shortcuts: Array<{ url: string }>;
    };
    const resolve = (relative: string) => new URL(relative, url).pathname;
    const icons = await Promise.all(
      body.icons.map(async (icon) => `${icon.purpose}:${(await fetch(new URL(icon.src, url))).status}`),
    );
    return {
      startUrl: resolve(body.start_url),
      scope: resolve(body.scope),
      shortcut: `${resolve(body.shortcuts[0]?.url ?? '')}${new URL(body.shortcuts[0]?.url ?? '', url).search}`,
      icons,
    };
  });
  expect(manifest).toEqual({
    startUrl: '/sub/',
    scope: '/sub/',
    shortcut: '/sub/?action=new',
    icons: ['any:200', 'any:200', 'maskable:200', 'maskable:200'],
  });
  expect(failed).toEqual([]);

  // The "New conversation" shortcut opens the composer and leaves a clean URL.
  await page.goto(`${server.url}/sub/?action=new`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
  expect(await page.evaluate(() => location.pathname + location.search)).toBe('/sub/');

  // Offline, the app still starts under the base path.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await context.setOffline(false);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { launchChromium, SCREENSHOTS } from './app-harness.ts';
import { BUILT_APP } from './pwa-helpers.ts';

/**
 * The app shell of index.html paints before the app's JavaScript loads, looks like the
 * app it stands for (the same places for the sidebar, header, title and message box), and
 * hands over what was typed into it.
 */
let server: StaticServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startStaticServer(BUILT_APP), launchChromium()]);
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

const LANDMARKS = ['.sidebar-brand', '.new-conversation', '.main-header', '.thread-title', '.composer-box'];
type Box = { x: number; y: number; width: number; height: number };

function boxes(page: Page): Promise<Record<string, Box | null>> {
  return page.evaluate((selectors) => {
    const found: Record<string, Box | null> = {};
    for (const selector of selectors) {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      found[selector] = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    }
    return found;
  }, LANDMARKS);
}

/** Opens the app with the app's own code held back until `release` is called. */
async function openHeldBack(width: number, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    colorScheme,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  // The boot chunk is what main.tsx imports after the first paint: holding it keeps the shell.
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return { context, page, release, held };
}

it('paints the shell before the app loads, in the places the app then takes', async () => {
  for (const width of [1440, 390]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, release, held } = await openHeldBack(width, colorScheme);
      // The paint happened while the app's code was held back: it was the shell's.
      await expect.poll(() => held.length).toBe(1);
      expect(await page.locator('.app-shell').count()).toBe(1);
      expect(await page.locator('#composer-input').count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}app-shell-${width}-${colorScheme}.png` });
      const shell = await boxes(page);

      const shellBox = page.locator('.app-shell textarea');
      await shellBox.click();
      await shellBox.pressSequentially('Plan a trip');
      release();
      await page.locator('#composer-input').waitFor();
      await page.waitForTimeout(300);
      const live = await boxes(page);
      for (const selector of LANDMARKS) {
        const before = shell[selector];
        const after = live[selector];
        expect(before, `${selector} in the shell at ${width}px`).not.toBeNull();
        expect(after, `${selector} in the app at ${width}px`).not.toBeNull();
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(
            Math.abs(before![side] - after![side]),
            `${selector} ${side} at ${width}px`,
          ).toBeLessThanOrEqual(2);
        }
      }
      // What was typed while the app loaded is in the live message box, which has the focus.
      await expect.poll(() => page.locator('#composer-input').inputValue()).toBe('Plan a trip');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
      expect(await page.locator('.app-shell').count()).toBe(0);
      await context.close();
    }
  }
});

it('says so, with how to recover, when Settings cannot load (a deploy removed its chunk)', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route(/\/assets\/settings-dialog-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect
    .poll(() => page.locator('.toasts').textContent())
    .toMatch(/Settings could not load \(.+\)\. Reload the page to update Sandpiper\./);
  expect(await page.getByRole('dialog', { name: 'Settings' }).count()).toBe(0);
  // The rest of the app goes on.
  await page.getByRole('textbox', { name: 'Message' }).fill('still here');
  await context.close();
});

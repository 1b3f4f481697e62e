import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';
import { waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * `webdev_init_project` then `expose` in the virtual sandbox, in Chromium: no servers and
 * no tunnel there, so `expose` gives the static site's same-origin preview URL (exposed:
 * false), and the Computer panel's Preview shows the site, sandboxed, with Reload.
 */

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  // The preview route lives in the service worker: let it take over first.
  await waitForServiceWorkerControl(harness.page);
  await harness.configure();
});
afterAll(async () => harness?.close());

it('scaffolds a static site, exposes it as a local preview, and shows it in the Preview view', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge('On it — I will scaffold the site and share a preview.'),
    call('plan', {
      action: 'update',
      goal: 'A harbour site',
      phases: [{ id: 1, title: 'Build', capabilities: {} }],
    }),
    call('webdev_init_project', {
      project_name: 'harbour-site',
      project_title: 'Harbour Tours',
      features: 'web-static',
      brief: 'Scaffold the site',
    }),
    call('expose', { port: 3000, brief: 'Share a preview' }),
    call('message', { type: 'result', text: 'The site is ready.' }),
  ]);
  await harness.sendTask('Make a small site for harbour tours and share it');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
  expect(await statuses(page, 'webdev_init_project')).toEqual(['success']);
  expect(await statuses(page, 'expose')).toEqual(['success']);
  // Nothing listens on a port here: the step says what it did, in the thread and in the panel.
  const row = page.locator('[data-action-type="expose"]');
  expect(await row.locator('.step-label').textContent()).toBe('Previewed harbour-site');
  await row.click();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  expect(await panel.locator('.details-title h3').textContent()).toBe('Previewed harbour-site');
  await expect.poll(() => panel.getByRole('tab', { selected: true }).textContent()).toBe('Preview');
  const address = await panel.locator('a.browser-url').getAttribute('href');
  expect(address).toMatch(/\/preview\/[^/]+\/harbour-site\/index\.html$/);
  const frame = panel.locator('iframe.live-page');
  await frame.contentFrame().locator('h1', { hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  expect(
    await frame
      .contentFrame()
      .locator('body')
      .evaluate(() => window.origin),
  ).toBe('null');
  // Its stylesheet and its module script came with it (a sandboxed page is not served by the
  // service worker, so the preview route folds them into the page).
  const framed = frame.contentFrame();
  expect(await framed.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).not.toMatch(
    /Times/,
  );
  await framed.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(() => framed.locator('html').getAttribute('data-theme')).toBe('dark');
  await panel.getByRole('button', { name: 'Reload' }).click();
  await frame.contentFrame().locator('h1', { hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  expect(await panel.textContent()).toContain('works offline, in this browser only');
  await harness.screenshot('expose-preview');
});

import { readFile } from 'node:fs/promises';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call, harbourSiteSteps } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';
import { importThroughPicker, openConversationId, waitForServiceWorkerControl } from './pwa-helpers.ts';

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
    ...harbourSiteSteps(),
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

/** A new conversation that scaffolds the harbour site, previews it and hands it over. */
async function previewedSite(): Promise<void> {
  const { page, model } = harness;
  await page.getByRole('button', { name: 'New conversation' }).click();
  model.setScript([
    acknowledge('On it.'),
    call('plan', {
      action: 'update',
      goal: 'A harbour site',
      phases: [{ id: 1, title: 'Build', capabilities: {} }],
    }),
    ...harbourSiteSteps(),
    call('message', {
      type: 'result',
      text: 'The site.',
      attachments: ['/home/ubuntu/harbour-site/index.html'],
    }),
  ]);
  await harness.sendTask('Make a small site for harbour tours');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
}

const panelOf = () => harness.page.getByRole('complementary', { name: 'Computer' });
const tabNames = () => panelOf().getByRole('tab').allTextContents();
const framedHeading = () => panelOf().locator('iframe.live-page').contentFrame().locator('h1');

/** Starts the replay of the open conversation, paused on the step that previewed the site. */
async function replayToThePreview(): Promise<void> {
  const { page } = harness;
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: 'Replay' }).click();
  const controls = page.getByRole('region', { name: 'Replay controls' });
  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  await controls.getByRole('slider', { name: 'Replay position' }).fill('1');
  const preview = panelOf().locator('.action-view[data-view="preview"]');
  for (let step = 0; step < 12 && (await preview.count()) === 0; step++) {
    await controls.getByRole('button', { name: 'Step forward' }).click();
  }
  await preview.waitFor();
}

it('replays a conversation that previewed a site: tabs named apart, and the page shown as live, wherever it was recorded', async () => {
  const { page } = harness;
  await previewedSite();
  // The site opened from its card: its own tab, named after it, beside the step's Preview.
  await page.locator('.result-card .attachment-open', { hasText: 'Harbour Tours' }).click();
  await expect.poll(async () => (await tabNames()).at(-1)).toBe('Harbour Tours');
  const names = await tabNames();
  expect(new Set(names).size, names.join(', ')).toBe(names.length);

  await replayToThePreview();
  expect(await tabNames()).toEqual(['Preview', 'Files', 'Changes']);
  await framedHeading().filter({ hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  expect(await panelOf().textContent()).toContain('as it is in the workspace now');
  await harness.screenshot('expose-preview-replay');
  await page.getByRole('button', { name: 'Exit replay' }).click();

  // The same conversation exported where the app had another address, and imported here.
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export bundle' }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  const events = new TextDecoder().decode(entries['events.json']);
  const elsewhere = events.replaceAll(harness.app.url, 'https://sandpiper.elsewhere.example');
  expect(elsewhere).not.toBe(events);
  entries['events.json'] = new TextEncoder().encode(elsewhere);
  const originalId = await openConversationId(page);
  await importThroughPicker(page, 'elsewhere.sandpiper.zip', zipSync(entries));
  // The import opens as a conversation of its own (its menu, not the original's, gets the click).
  await expect.poll(() => openConversationId(page)).not.toBe(originalId);
  await page.locator('[data-action-type="message.result"]').waitFor();

  await replayToThePreview();
  await framedHeading().filter({ hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  expect(await panelOf().locator('a.browser-url').getAttribute('href')).toMatch(
    new RegExp(`^${harness.app.url}/preview/[^/]+/harbour-site/index\\.html$`),
  );
  await page.getByRole('button', { name: 'Exit replay' }).click();
});

it('after a rewind, the preview and the opened site show the workspace as it now is, title and page', async () => {
  const { page, model } = harness;
  await previewedSite();
  model.setScript([
    acknowledge('Renaming it.'),
    call('plan', {
      action: 'update',
      goal: 'Rename',
      phases: [{ id: 1, title: 'Rename', capabilities: {} }],
    }),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/harbour-site/index.html',
      text: '<!doctype html><title>Sandpiper Harbour</title><h1>Sandpiper Harbour</h1>',
    }),
    call('message', {
      type: 'result',
      text: 'Renamed.',
      attachments: ['/home/ubuntu/harbour-site/index.html'],
    }),
  ]);
  await harness.sendTask('Call it Sandpiper Harbour');
  // A whole second run: more than expect.poll's one second under a loaded CI run.
  await page.locator('[data-action-type="message.result"]').nth(1).waitFor({ timeout: 30_000 });

  // The renamed site, opened from the newer card, stays on screen.
  await page.locator('.result-card .attachment-open', { hasText: 'Sandpiper Harbour' }).last().click();
  const viewer = panelOf().locator('.attachment-viewer');
  await expect.poll(() => viewer.locator('h3').textContent()).toBe('Sandpiper Harbour');
  await framedHeading().filter({ hasText: 'Sandpiper Harbour' }).waitFor({ timeout: 15_000 });

  // Rewind to the message that asked for the new name: the workspace goes back to before it.
  const message = page.locator('.user-item', { hasText: 'Call it Sandpiper Harbour' });
  await message.getByRole('button', { name: 'Rewind to here' }).click();
  await message.getByRole('button', { name: 'Rewind', exact: true }).click();
  await page.locator('.rewound-line').waitFor();
  await expect.poll(() => viewer.locator('h3').textContent()).toBe('Harbour Tours');
  await expect.poll(async () => (await tabNames()).at(-1)).toBe('Harbour Tours');
  await framedHeading().filter({ hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  await harness.screenshot('expose-preview-rewound');

  // Undone: the renamed site again, in the same tab.
  await page.getByRole('button', { name: 'Undo rewind' }).click();
  await expect.poll(() => viewer.locator('h3').textContent()).toBe('Sandpiper Harbour');
  await framedHeading().filter({ hasText: 'Sandpiper Harbour' }).waitFor({ timeout: 15_000 });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FIXTURE_MEDIA_KEY,
  type MediaFixtures,
  startMediaFixtures,
} from '../fixtures/media/media-fixture-server.ts';
import { acknowledge, call, harbourSiteSteps } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, showSettingsSection, startApp, statuses } from './app-harness.ts';
import { openConversationId, waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * Issue 12's acceptance run in Chromium: a scripted task scaffolds a `web-static` site and
 * exposes it, writes an outline and makes a deck, enters generation mode and makes an image
 * at a fixture images endpoint (set in Settings → Media), and ends with a result whose
 * attachment cards open all three: the site in the preview, the deck in the deck viewer
 * (flipping slides), the image inline and in the Files tab.
 */

const OUTLINE = `# Harbour tours

Spring season

---

## Routes

| Route | Minutes |
| ----- | ------- |
| Lighthouse | 40 |

Note: Start with the lighthouse.

---

## Booking

\`\`\`js
book({ tour: 'lighthouse' });
\`\`\`
`;

let harness: AppHarness;
let media: MediaFixtures;
beforeAll(async () => {
  [harness, media] = await Promise.all([startApp(), startMediaFixtures()]);
  await waitForServiceWorkerControl(harness.page);
  await harness.configure();
  await setImageEndpoint(harness, `${media.url}/v1`);
});
afterAll(async () => {
  await harness?.close();
  await media?.close();
});

/** Settings → Media → Image from text, pointed at the fixture images endpoint. */
async function setImageEndpoint(app: AppHarness, baseUrl: string): Promise<void> {
  const { page } = app;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Media');
  const section = dialog.getByRole('group', { name: 'Media' });
  await section.getByRole('switch', { name: /^Image from text/ }).check();
  await section.getByLabel('Base URL (Image from text)', { exact: true }).fill(baseUrl);
  await section.getByLabel('Model (Image from text)', { exact: true }).fill('gpt-image-1');
  await section.getByLabel('API key (optional) (Image from text)', { exact: true }).fill(FIXTURE_MEDIA_KEY);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

it('makes a site, a deck and an image, and the result’s attachment cards open all three', async () => {
  const { page, model, app } = harness;
  // The acknowledgement is slow, so the rest of the script (which names the conversation's
  // preview address) is queued once the conversation exists.
  model.setScript([{ ...acknowledge('On it — a site, a deck and a picture.'), delayMs: 1500 }]);
  await harness.sendTask('Make a harbour tours site, a short deck and a lighthouse picture');
  await page.waitForFunction(() => window.location.hash.startsWith('#/c/'));
  const id = await openConversationId(page);
  const siteUrl = `${app.url}/preview/${encodeURIComponent(id)}/harbour-site/index.html`;
  model.push(
    call('plan', {
      action: 'update',
      goal: 'Harbour tours: site, deck, picture',
      phases: [{ id: 1, title: 'Make everything', capabilities: {} }],
    }),
    ...harbourSiteSteps(),
    call('file', { action: 'write', path: '/home/ubuntu/report/outline.md', text: OUTLINE }),
    call('slides', {
      slide_content_file_path: '/home/ubuntu/report/outline.md',
      slide_count: 3,
      brief: 'Build the deck',
    }),
    // Before generation mode is on, the image action says to call `generate` first.
    call('generate_image', { prompt: 'A lighthouse at dusk', file_name: 'lighthouse' }),
    call('generate', { brief: 'Make the picture' }),
    call('generate_image', { prompt: 'A lighthouse at dusk', file_name: 'lighthouse' }),
    call('message', {
      type: 'result',
      text: 'Everything is ready: the site, the deck and the picture.',
      attachments: [
        { name: 'Harbour Tours site', path: siteUrl, mime: 'text/uri-list' },
        '/home/ubuntu/report/slides/index.html',
        '/home/ubuntu/generated/lighthouse.png',
      ],
    }),
  );
  const result = page.locator('[data-action-type="message.result"]');
  await result.waitFor({ timeout: 90_000 });
  expect(await statuses(page, 'webdev_init_project')).toEqual(['success']);
  expect(await statuses(page, 'expose')).toEqual(['success']);
  expect(await statuses(page, 'slides')).toEqual(['success']);
  expect(await statuses(page, 'generate_image')).toEqual(['error', 'success']);
  // The fixture endpoint was asked once (after its CORS preflight), with the key.
  const generations = media.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v1/images/generations',
  );
  expect(generations).toHaveLength(1);
  expect(generations[0]?.headers.authorization).toBe(`Bearer ${FIXTURE_MEDIA_KEY}`);
  expect(generations[0]?.json).toMatchObject({ model: 'gpt-image-1', prompt: 'A lighthouse at dusk' });

  const cards = result.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  expect(await cards.count()).toBe(3);
  expect(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-opens')))).toEqual([
    'site',
    'deck',
    'file',
  ]);
  // The image shows in its card.
  const inlineImage = cards.nth(2).locator('img.attachment-image');
  await expect
    .poll(() => inlineImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await harness.screenshot('deliverables-result');

  const panel = page.getByRole('complementary', { name: 'Computer' });
  const selectedTab = () => panel.getByRole('tab', { selected: true }).textContent();

  // The site, in the preview, its tab named after it.
  await cards.nth(0).getByRole('button', { name: 'Harbour Tours site', exact: true }).click();
  await expect.poll(selectedTab).toBe('Harbour Tours site');
  const site = panel.locator('iframe.live-page').contentFrame();
  await site.locator('h1', { hasText: 'Harbour Tours' }).waitFor({ timeout: 15_000 });
  await harness.screenshot('deliverables-site');

  // The deck, in the deck viewer: it flips.
  await cards.nth(1).getByRole('button', { name: 'Harbour tours', exact: true }).click();
  await expect.poll(selectedTab).toBe('Harbour tours');
  await expect
    .poll(() => panel.getByText(/^Slide \d+ of \d+$/).textContent(), { timeout: 15_000 })
    .toBe('Slide 1 of 3');
  await panel.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => panel.getByText(/^Slide \d+ of \d+$/).textContent()).toBe('Slide 2 of 3');
  await page.waitForTimeout(900);
  await harness.screenshot('deliverables-deck');

  // The image, in the Files tab.
  await cards.nth(2).getByRole('button', { name: 'lighthouse.png', exact: true }).click();
  await expect.poll(selectedTab).toBe('Files');
  const shown = panel.locator('.image-preview img');
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await harness.screenshot('deliverables-image');

  // The generation action's own view shows the picture and what was asked.
  await page.locator('[data-action-type="generate_image"]').last().click();
  await expect.poll(selectedTab).toBe('Media');
  expect(await panel.locator('.generated-prompt').textContent()).toBe('A lighthouse at dusk');
  await expect
    .poll(() =>
      panel.locator('.generated-file img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOTS}deliverables-media-view.png` });

  // On a phone the cards stack and the viewer opens as a sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(600);
  const closeSheet = panel.getByRole('button', { name: 'Close', exact: true });
  if (await closeSheet.isVisible()) await closeSheet.click();
  await page.waitForTimeout(600);
  await cards.nth(2).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}deliverables-390-cards.png` });
  await cards.nth(1).getByRole('button', { name: 'Harbour tours', exact: true }).click();
  await expect.poll(() => panel.getByText(/^Slide \d+ of \d+$/).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${SCREENSHOTS}deliverables-390-deck.png` });
}, 150_000);

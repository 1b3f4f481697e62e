import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, startApp, statuses } from './app-harness.ts';
import { openConversationId, waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * `slides` in Chromium: the model writes an outline, the tool builds a reveal.js deck in
 * the workspace, and the deck's preview address shows a working deck (reveal's files
 * folded into the page by the preview route) that flips slides from the keyboard. Then the
 * Computer panel's deck viewer: the deck framed in an opaque origin, moved by the viewer's
 * buttons and keys through reveal's postMessage API, full screen, "Export PDF" and
 * "Download HTML".
 */

const OUTLINE = `# Harbour report

Quarterly overview

---

## Visitors

| Month | Visitors |
| ----- | -------- |
| July  | 1,200    |

Note: Mention the ferry strike.

---

## Code

\`\`\`js
const tours = 12;
\`\`\`
`;

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await waitForServiceWorkerControl(harness.page);
  await harness.configure();
});
afterAll(async () => harness?.close());

it('builds a deck from an outline, and its preview address shows a working deck', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge('On it — I will write the outline and build the deck.'),
    call('plan', {
      action: 'update',
      goal: 'A harbour deck',
      phases: [{ id: 1, title: 'Deck', capabilities: {} }],
    }),
    call('file', { action: 'write', path: '/home/ubuntu/report/outline.md', text: OUTLINE }),
    call('slides', {
      slide_content_file_path: '/home/ubuntu/report/outline.md',
      slide_count: 3,
      brief: 'Build it',
    }),
    call('message', { type: 'result', text: 'The deck is ready.' }),
  ]);
  await harness.sendTask('Make a three-slide harbour report deck');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
  expect(await statuses(page, 'slides')).toEqual(['success']);
  // The deck's same-origin preview address (what a deck viewer and attachment cards will frame).
  const id = await openConversationId(page);
  const deckUrl = `${harness.app.url}/preview/${encodeURIComponent(id)}/report/slides/index.html`;
  // Opened as a tab of its own, the address gets the preview tab page, which frames the deck.
  const tab = await harness.context.newPage();
  await tab.goto(deckUrl);
  const deck = tab.locator('iframe.preview-tab-frame').contentFrame();
  await deck.locator('.reveal .slides section').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => deck.locator('.reveal.ready').count(), { timeout: 15_000 }).toBe(1);
  expect(await deck.locator('.reveal .slides > section').count()).toBe(3);
  expect(await deck.locator('section.present h1').textContent()).toBe('Harbour report');
  await deck.locator('.reveal').click();
  await tab.keyboard.press('ArrowRight');
  await expect.poll(() => deck.locator('section.present h2').textContent()).toBe('Visitors');
  expect(await deck.locator('section.present td').first().textContent()).toBe('July');
  await tab.keyboard.press('ArrowRight');
  await expect.poll(() => deck.locator('section.present code.hljs').count()).toBe(1);
  // Let the slide transition end before the picture.
  await tab.waitForTimeout(1200);
  await tab.screenshot({ path: `${SCREENSHOTS}slides-deck.png` });
  await tab.close();
});

/** The deck's frame inside the app page (cross-origin: read through Playwright, not the DOM). */
function deckFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/report/slides/index.html'));
  if (!frame) throw new Error('The deck is not framed.');
  return frame;
}

/** Selects the slides action (closing the phone sheet first) and waits for the deck viewer's counter. */
async function showDeck(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Computer' });
  if ((await page.locator('.app.is-details-open').count()) > 0) {
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.locator('.app.is-details-open').waitFor({ state: 'detached' });
  }
  await page.locator('[data-action-type="slides"]').click();
  const view = panel.locator('.action-view[data-view="deck"]');
  await view.waitFor();
  await expect
    .poll(() => view.locator('.deck-counter').textContent(), { timeout: 15_000 })
    .toMatch(/^Slide [1-3] of 3$/);
  return view;
}

it('shows the deck in the Computer panel: previous/next, counter, full screen, PDF and one-file HTML', async () => {
  const { page, context } = harness;
  await page.setViewportSize({ width: 1280, height: 800 });
  const view = await showDeck(page);
  const counter = view.locator('.deck-counter');
  expect(await counter.textContent()).toBe('Slide 1 of 3');
  await expect.poll(() => deckFrame(page).locator('.reveal.ready').count(), { timeout: 15_000 }).toBe(1);
  expect(await deckFrame(page).evaluate(() => window.origin)).toBe('null');
  const edge = (name: string) => view.getByRole('button', { name }).getAttribute('aria-disabled');
  expect(await edge('Previous slide')).toBe('true');

  await view.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => counter.textContent()).toBe('Slide 2 of 3');
  await expect.poll(() => deckFrame(page).locator('section.present h2').textContent()).toBe('Visitors');
  // ←/→ while the viewer (here its Next button) has focus.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counter.textContent()).toBe('Slide 3 of 3');
  expect(await edge('Next slide')).toBe('true');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => counter.textContent()).toBe('Slide 2 of 3');
  await page.waitForTimeout(1000);
  await harness.screenshot('deck-viewer-1280');

  const fullScreen = view.getByRole('button', { name: 'Full screen' });
  await fullScreen.click();
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null))
    .toContain('deck-viewer');
  await expect.poll(() => view.getByRole('button', { name: 'Exit full screen' }).count()).toBe(1);
  await page.waitForTimeout(600);
  await harness.screenshot('deck-viewer-fullscreen');
  await view.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    view.getByRole('button', { name: 'Download HTML' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('report-slides.html');
  const html = await readFile(await download.path(), 'utf8');
  expect(html).toContain('<h2>Visitors</h2>');
  // Its scripts are folded in as data: URLs.
  const code = [...html.matchAll(/data:text\/javascript;charset=utf-8;base64,([^"]+)/g)]
    .map(([, data]) => Buffer.from(data!, 'base64').toString('utf8'))
    .join('\n');
  expect(code).toContain('Reveal.initialize(');
  // reveal.js's own code (its default config), not only the deck's script that calls it.
  expect(code).toContain('postMessageEvents:!1');
  expect(html.length).toBeGreaterThan(200_000);
  expect(html).not.toMatch(/src="(reveal\/|deck\.js)|href="reveal\//);
  // The one file works on its own, from disk.
  const folder = await mkdtemp(join(tmpdir(), 'sandpiper-deck-'));
  const saved = join(folder, download.suggestedFilename());
  await download.saveAs(saved);
  const standalone = await context.newPage();
  const standaloneErrors: string[] = [];
  standalone.on('pageerror', (error) => standaloneErrors.push(error.message));
  await standalone.goto(pathToFileURL(saved).href);
  await expect.poll(() => standalone.locator('.reveal.ready').count(), { timeout: 15_000 }).toBe(1);
  expect(await standalone.locator('.reveal .slides > section').count()).toBe(3);
  expect(standaloneErrors).toEqual([]);
  await standalone.close();
  await rm(folder, { recursive: true, force: true });

  // The print view, in a tab of its own, prints itself once laid out (print() stubbed here).
  await context.addInitScript(() => {
    window.print = () => {
      const counted = window as unknown as { printCalls?: number };
      counted.printCalls = (counted.printCalls ?? 0) + 1;
    };
  });
  const [printPage] = await Promise.all([
    context.waitForEvent('page'),
    view.getByRole('link', { name: 'Export PDF' }).click(),
  ]);
  await printPage.waitForLoadState();
  await expect
    .poll(() => printPage.evaluate(() => (window as unknown as { printCalls?: number }).printCalls ?? 0), {
      timeout: 15_000,
    })
    .toBe(1);
  expect(await printPage.locator('html.print-pdf').count()).toBe(1);
  expect(await printPage.locator('.pdf-page').count()).toBe(3);
  await printPage.screenshot({ path: `${SCREENSHOTS}deck-print-view.png` });
  await printPage.close();
});

it('fits the deck viewer in the phone sheet (dark)', async () => {
  const { page } = harness;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const view = await showDeck(page);
  await view.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => view.locator('.deck-counter').textContent()).toBe('Slide 1 of 3');
  await view.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => view.locator('.deck-counter').textContent()).toBe('Slide 2 of 3');
  await expect.poll(() => deckFrame(page).locator('section.present h2').textContent()).toBe('Visitors');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
  const stage = await view.locator('.deck-stage').boundingBox();
  expect(stage?.width).toBeGreaterThan(300);
  expect(stage?.height).toBeGreaterThan(180);
  await page.waitForTimeout(1000);
  await harness.screenshot('deck-viewer-390');
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, startApp, statuses } from './app-harness.ts';
import { openConversationId } from './pwa-helpers.ts';

/**
 * `slides` in Chromium: the model writes an outline, the tool builds a reveal.js deck in
 * the workspace, and the deck's preview address shows a working deck (reveal's files
 * folded into the page by the preview route) that flips slides from the keyboard.
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
  await harness.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
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
  const deck = await harness.context.newPage();
  await deck.goto(deckUrl);
  await deck.locator('.reveal .slides section').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => deck.locator('.reveal.ready').count(), { timeout: 15_000 }).toBe(1);
  expect(await deck.locator('.reveal .slides > section').count()).toBe(3);
  expect(await deck.locator('section.present h1').textContent()).toBe('Harbour report');
  await deck.keyboard.press('ArrowRight');
  await expect.poll(() => deck.locator('section.present h2').textContent()).toBe('Visitors');
  expect(await deck.locator('section.present td').first().textContent()).toBe('July');
  await deck.keyboard.press('ArrowRight');
  await expect.poll(() => deck.locator('section.present code.hljs').count()).toBe(1);
  // Let the slide transition end before the picture.
  await deck.waitForTimeout(1200);
  await deck.screenshot({ path: `${SCREENSHOTS}slides-deck.png` });
  await deck.close();
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { longThreadBundleContents } from './long-thread-bundle.ts';
import { bundleItemCount, threadView, wheelUpUntilVisible } from './long-thread-views.ts';
import { importThroughPicker } from './pwa-helpers.ts';

/**
 * A long thread (issue 16): a 3,000-event conversation opens at its last rows with far
 * fewer rows in the DOM than it has items, each rendered row saying where it is in the
 * whole list; scrolling to the top shows its first message; "Jump to latest" goes back
 * down; and the events of a follow-up, arriving live at the bottom, keep the view there.
 */
const FIRST_TEXT = 'Build a notes app with auth, tests and a deploy script';
const LAST_TEXT = 'Finished: the notes app is built and every test passes.';
const LIVE_TEXT = 'A live follow-up, arriving while the thread is open.';

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
});
afterAll(async () => {
  await harness.close();
});

it('opens a 3,000-event thread at its end, windowed, and keeps it pinned', { timeout: 60_000 }, async () => {
  const { page, model } = harness;
  const contents = longThreadBundleContents(3_000, { firstText: FIRST_TEXT, lastText: LAST_TEXT });
  const items = bundleItemCount(contents);
  await importThroughPicker(page, 'long-thread.zip', encodeBundle(contents, 'e2e', Date.now()));
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await conversation.getByText(LAST_TEXT).waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await threadView(page)).fromBottom).toBeLessThan(2);
  const opened = await threadView(page);
  expect(opened.setSize).toBe(items);
  expect(opened.rows).toBeLessThan(items / 10);
  // The rendered rows are a contiguous run ending at the last item, numbered from 1.
  expect(opened.positions.at(-1)).toBe(items);
  expect(opened.positions).toEqual(opened.positions.map((_, index) => (opened.positions[0] ?? 0) + index));

  // To the top with the mouse wheel, as a person would: the first message shows.
  await wheelUpUntilVisible(page, conversation.getByText(FIRST_TEXT, { exact: true }), 80);
  await expect.poll(async () => (await threadView(page)).positions[0]).toBe(1);
  expect((await threadView(page)).rows).toBeLessThan(items / 10);
  await harness.screenshot('long-thread-e2e-top');

  // Jump to latest brings the end back, and the view stays there.
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await conversation.getByText(LAST_TEXT).waitFor();
  await expect.poll(async () => (await threadView(page)).fromBottom).toBeLessThan(2);
  await expect(page.getByRole('button', { name: 'Jump to latest' }).count()).resolves.toBe(0);

  // A follow-up at the bottom while there: its events arrive live, and the view follows them.
  model.setScript([acknowledge('On it.'), planNotes(), call('message', { type: 'result', text: LIVE_TEXT })]);
  await harness.sendTask('One more thing: add a footer.');
  await conversation.getByText(LIVE_TEXT).waitFor();
  await expect.poll(async () => (await threadView(page)).fromBottom).toBeLessThan(2);
  // The follow-up, its acknowledgment, the new plan and the result: four more rows.
  expect((await threadView(page)).positions.at(-1)).toBe(items + 4);
  await harness.screenshot('long-thread-e2e-live');

  // Scrolled up while a run goes on: its new rows do not move the view.
  model.setScript([
    acknowledge('Adding the header too.'),
    { ...planNotes(), delayMs: 2_000 },
    call('message', { type: 'result', text: 'Header added.' }),
  ]);
  await harness.sendTask('And a header.');
  await conversation.getByText('Adding the header too.').waitFor();
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, -3_000);
  await expect.poll(async () => (await threadView(page)).fromBottom).toBeGreaterThan(1_000);
  await page.waitForTimeout(300);
  const scrolledUp = await page.evaluate(() => document.querySelector('.thread-scroller')?.scrollTop);
  await expect.poll(async () => (await threadView(page)).setSize, { timeout: 15_000 }).toBe(items + 8);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.querySelector('.thread-scroller')?.scrollTop)).toBe(scrolledUp);
  await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
});

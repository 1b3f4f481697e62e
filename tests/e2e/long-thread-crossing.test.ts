import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { longThreadBundleContents } from './long-thread-bundle.ts';
import { bundleItemCount, threadView, wheelUpUntilVisible } from './long-thread-views.ts';
import { importThroughPicker } from './pwa-helpers.ts';

/**
 * A thread that crosses the windowing threshold while a run adds to it: opened just under
 * `WINDOW_THRESHOLD` items (every row rendered), then a follow-up's actions arrive live and
 * push it over; the thread switches to the windowed list without losing the bottom, every
 * live row and the result show, and the first message is still reachable.
 */
/** `WINDOW_THRESHOLD` of src/page/ui/thread/thread-window.tsx (a .tsx module the Node side does not load). */
const WINDOW_THRESHOLD = 200;
const FIRST_TEXT = 'Start of a thread just under the windowing threshold';
const LAST_TEXT = 'The imported part ends here.';
const RESULT_TEXT = 'Done: the thread is windowed now, and this is its last row.';

let harness: AppHarness;
const errors: string[] = [];
beforeAll(async () => {
  harness = await startApp();
  harness.page.on('pageerror', (error) => errors.push(error.message));
  await harness.configure();
});
afterAll(async () => {
  await harness.close();
});

it('switches to the windowed list when a live run pushes the thread over the threshold', {
  timeout: 90_000,
}, async () => {
  const { page, model } = harness;
  // The bundle nearest under the threshold, with room for a few rows.
  let contents = longThreadBundleContents(10, { firstText: FIRST_TEXT, lastText: LAST_TEXT });
  for (let eventCount = 300; eventCount <= 900; eventCount += 1) {
    const candidate = longThreadBundleContents(eventCount, { firstText: FIRST_TEXT, lastText: LAST_TEXT });
    const count = bundleItemCount(candidate);
    if (count <= WINDOW_THRESHOLD - 6 && count > bundleItemCount(contents)) contents = candidate;
  }
  const items = bundleItemCount(contents);
  expect(items).toBeGreaterThan(WINDOW_THRESHOLD - 20);
  await importThroughPicker(page, 'crossing.zip', encodeBundle(contents, 'e2e', Date.now()));
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await conversation.getByText(LAST_TEXT).waitFor({ timeout: 20_000 });
  const before = await threadView(page);
  expect(before.isWindowed).toBe(false);
  expect(before.rows).toBeGreaterThanOrEqual(items);

  // A follow-up of twelve shell steps: the thread crosses the threshold midway, live.
  const steps = Array.from({ length: 12 }, (_, index) =>
    call('shell', { action: 'exec', session: 'main', command: `echo step ${index + 1}` }),
  );
  model.setScript([
    acknowledge('Twelve steps coming.'),
    planNotes(),
    ...steps,
    call('message', { type: 'result', text: RESULT_TEXT }),
  ]);
  await harness.sendTask('Run twelve steps.');
  await conversation.getByText(RESULT_TEXT).waitFor({ timeout: 60_000 });
  await expect.poll(async () => (await threadView(page)).fromBottom).toBeLessThan(2);
  const after = await threadView(page);
  expect(after.isWindowed).toBe(true);
  // The follow-up, its acknowledgment, the new plan, the header of the phase the twelve
  // steps ran in (open: it is the current phase), the twelve steps and the result.
  expect(after.setSize).toBe(items + 17);
  expect(after.positions.at(-1)).toBe(items + 17);
  expect(await page.locator('.phase-group-header').getAttribute('aria-expanded')).toBe('true');
  expect(after.rows).toBeLessThan(items);
  await harness.screenshot('long-thread-crossing');

  // The first message is still reachable by scrolling.
  await wheelUpUntilVisible(page, conversation.getByText(FIRST_TEXT, { exact: true }), 40);
  expect(errors).toEqual([]);
});

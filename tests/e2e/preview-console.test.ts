import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROKEN_LINE, brokenPreviewRun } from '../fixtures/broken-preview-app.ts';
import { messagesOf } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, startApp } from './app-harness.ts';
import { waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * A preview whose script logs, warns and throws: every entry shows in the preview's console
 * drawer with its file and line (a badge counts them all), and the agent's `browser` on the page gets the page
 * as rendered (the text its script wrote) and the same error, so it can see that its app
 * is broken before it says it is done.
 */

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp({ expectedPreviewErrors: /reading 'theme'/ });
  await waitForServiceWorkerControl(harness.page);
  // A model name guessed to see images: the agent's look at its page comes with a picture of it.
  await harness.configure({ model: 'gpt-4o' });
});
afterAll(async () => harness?.close());

it('shows a preview’s logs, warning and uncaught error with file and line, in the pane and to the agent', async () => {
  const { page, model } = harness;
  model.setScript(brokenPreviewRun());
  await harness.sendTask('Make me a small trip planner page');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });

  // The agent's look at its page: rendered text and the console, in the observation it read.
  const messages = messagesOf(model.requests.at(-1)) as { role: string }[];
  const observation = JSON.stringify(messages.findLast((message) => message.role === 'tool'));
  expect(observation).toContain('Rendered by its script: 3 stops planned');
  expect(observation).toContain(`trip-planner/app.js:${BROKEN_LINE}`);
  expect(observation).toContain("Cannot read properties of null (reading 'theme')");
  expect(observation).toContain('Console: 1 error, 1 warning, 2 other messages.');
  expect(observation).toContain('- [log] trip-planner/app.js:2');
  const picture = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(
    JSON.stringify(model.requests.at(-1)?.body),
  );
  expect(picture, 'a screenshot of the page in the request').not.toBeNull();
  const png = Buffer.from(picture![1]!, 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  writeFileSync(`${SCREENSHOTS}preview-console-agent-view.png`, png);

  // The person's: the preview pane, its console drawer.
  await page.locator('[data-action-type="expose"]').click();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const app = panel.locator('iframe.live-page').contentFrame();
  await app.getByText('Rendered by its script: 3 stops planned').waitFor({ timeout: 15_000 });
  const drawer = panel.getByRole('region', { name: 'Preview console' });
  const badge = drawer.getByRole('status');
  await expect.poll(() => badge.getAttribute('aria-label')).toBe('1 error, 1 warning, 2 messages');
  expect(await badge.textContent()).toBe('4');
  await drawer.getByRole('button', { name: /Console/ }).click();
  const entries = drawer.getByRole('listitem');
  await expect.poll(() => entries.count()).toBe(4);
  expect(await entries.nth(0).textContent()).toMatch(
    /^Log: Trip planner loaded \{"stops":3\}trip-planner\/app\.js:2:\d+$/,
  );
  expect(await entries.nth(1).textContent()).toMatch(
    /^Info: Drawing the summarytrip-planner\/app\.js:3:\d+$/,
  );
  expect(await entries.nth(2).textContent()).toMatch(/No saved settings yet.*trip-planner\/app\.js:4/);
  expect(await entries.nth(3).textContent()).toMatch(
    new RegExp(
      `Cannot read properties of null \\(reading 'theme'\\).*trip-planner/app\\.js:${BROKEN_LINE}:\\d+`,
    ),
  );
  await harness.screenshot('preview-console');

  // The browser action's view shows the console as the agent read it.
  await page.locator('[data-action-type="browser"]').click();
  const snapshot = panel.locator('.console-snapshot');
  await expect
    .poll(() => snapshot.locator('summary').textContent())
    .toContain('1 error, 1 warning, 2 messages');
  expect(await snapshot.getByRole('listitem').nth(3).textContent()).toContain(
    `trip-planner/app.js:${BROKEN_LINE}`,
  );
  await harness.screenshot('preview-console-browser-action');

  // On a phone the preview and its drawer still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-action-type="expose"]').click();
  await app.getByText('Rendered by its script: 3 stops planned').waitFor({ timeout: 15_000 });
  await drawer.getByRole('button', { name: /Console/ }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await harness.screenshot('preview-console-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A reload starts the list afresh with the page's new run.
  await panel.getByRole('button', { name: 'Reload' }).click();
  await app.getByText('Rendered by its script: 3 stops planned').waitFor({ timeout: 15_000 });
  await expect
    .poll(() => drawer.getByRole('status').getAttribute('aria-label'))
    .toBe('1 error, 1 warning, 2 messages');
});

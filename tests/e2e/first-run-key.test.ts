import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppHarness, startApp } from './app-harness.ts';
import { addProvider, openSettings, save } from './provider-settings-helpers.ts';
import { waitForSettled } from './pwa-helpers.ts';

/**
 * A first run on the OpenAI preset, added in Settings with no key typed: Send refuses at
 * once, saying why and where to fix it, keeps the draft, starts no conversation, and no
 * request leaves the page. With a key, the same message goes.
 */

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
});
afterAll(async () => harness?.close());

it('refuses Send on a hosted preset without its key, before any request, and sends once the key is there', async () => {
  const { page } = harness;
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(harness.app.url)) outside.push(request.url());
  });
  // A first visit reloads once into cross-origin isolation if nobody typed yet: type after it.
  await waitForSettled(page);
  // OpenAI added as it comes, without its key (a fresh install saves no provider).
  const dialog = await openSettings(page);
  await addProvider(dialog, 'OpenAI');
  await save(dialog);
  await harness.sendTask('Plan a weekend in Lisbon');
  const refusal = page.getByRole('alert').filter({ hasText: 'has no API key' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(
    /“OpenAI” has no API key, and api\.openai\.com \(OpenAI\) answers nothing/,
  );
  expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Plan a weekend in Lisbon');
  // No conversation was started: the thread never opened.
  expect(await page.getByRole('list', { name: 'Conversation' }).count()).toBe(0);
  await harness.screenshot('first-run-no-key');
  await page.setViewportSize({ width: 390, height: 844 });
  await harness.screenshot('first-run-no-key-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Open Settings from the refusal, point the provider at a server with a key: the message goes.
  await refusal.getByRole('button', { name: 'Open Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await page.keyboard.press('Escape');
  await harness.configure();
  harness.model.setScript([
    { toolCalls: [{ name: 'message', arguments: { type: 'result', text: 'Done.' } }] },
  ]);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => harness.model.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(outside.filter((url) => url.includes('api.openai.com'))).toEqual([]);
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';
import { savedAgentSettings } from './pwa-helpers.ts';

/**
 * Settings → X (muxd's x_* tools): a proxy that is X itself or not https is refused with
 * the reason and nothing is saved; a good proxy and token are kept (the token only in
 * the settings' keys) and come back when Settings reopens.
 */

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => harness.close());

const savedSettings = () =>
  savedAgentSettings<{ x?: { proxyUrl: string }; toolKeys: Record<string, string> }>(harness.page);

it('keeps a proxy and token for the x_* tools, refusing X itself as the proxy', async () => {
  const { page } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // A fresh install saves no provider: one is added, and pointed at the scripted model.
  await addProvider(dialog, 'OpenAI');
  await dialog.getByLabel('Base URL', { exact: true }).fill(harness.model.url);
  await dialog.getByLabel('Model', { exact: true }).fill('scripted-model');
  await showSettingsSection(dialog, 'X');
  const proxy = dialog.getByLabel('Proxy URL', { exact: true });
  const token = dialog.getByLabel('X access token', { exact: true });
  await proxy.scrollIntoViewIfNeeded();
  await proxy.fill('https://api.x.com');
  await token.fill('x-secret-token');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => fieldErrorOf(proxy)).toContain('X itself');
  await expect.poll(() => proxy.evaluate((input) => input === document.activeElement)).toBe(true);
  await proxy.scrollIntoViewIfNeeded();
  await harness.screenshot('settings-x-refused-1440');
  expect((await savedSettings())?.x).toBeUndefined();

  await proxy.fill('https://my-proxy.example/x');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const saved = await savedSettings();
  expect(saved?.x).toEqual({ proxyUrl: 'https://my-proxy.example/x' });
  expect(Object.values(saved?.toolKeys ?? {})).toContain('x-secret-token');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await showSettingsSection(dialog, 'X');
  await expect
    .poll(() => dialog.getByLabel('Proxy URL', { exact: true }).inputValue())
    .toBe('https://my-proxy.example/x');
  await dialog.getByLabel('Proxy URL', { exact: true }).scrollIntoViewIfNeeded();
  await harness.screenshot('settings-x-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByLabel('Proxy URL', { exact: true }).scrollIntoViewIfNeeded();
  await harness.screenshot('settings-x-390');
});

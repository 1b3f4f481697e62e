import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';
import { savedAgentSettings, screenshotEverywhere } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

/** The settings saved in IndexedDB (the agent-settings row), as the worker will read them. */
const savedSettings = () =>
  savedAgentSettings<{ media: Record<string, unknown>; toolKeys: Record<string, string> }>(harness.page);

it('Settings → Media: an invalid address saves nothing; the image endpoint, copied to image edit, is kept', async () => {
  const { page } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // A fresh install saves no provider: one is added, and pointed at the scripted model.
  await addProvider(dialog, 'OpenAI');
  await dialog.getByLabel('Base URL', { exact: true }).fill(harness.model.url);
  await dialog.getByLabel('Model', { exact: true }).fill('scripted-model');
  await showSettingsSection(dialog, 'Media');
  const media = dialog.getByRole('group', { name: 'Media' });
  const switches = media.getByRole('switch');
  expect(await switches.count()).toBe(3);
  expect(
    await switches.evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).checked)),
  ).toBe(false);
  expect(await media.locator('.media-privacy').textContent()).toContain('never written to the conversation');
  expect(await media.locator('.media-cors').textContent()).toContain(new URL(harness.app.url).origin);
  const copy = media.getByRole('button', { name: 'Same as Image from text' });
  expect(await copy.isDisabled()).toBe(true);

  // Switched on by keyboard, filled with an address that is not one.
  const image = media.getByRole('switch', { name: /^Image from text/ });
  await image.focus();
  await page.keyboard.press('Space');
  expect(await image.isChecked()).toBe(true);
  const baseUrl = media.getByLabel('Base URL (Image from text)', { exact: true });
  const apiStyle = media.getByLabel('API style (Image from text)', { exact: true });
  expect(await apiStyle.locator('option').allTextContents()).toEqual([
    'OpenAI-compatible',
    'OpenRouter (images through chat)',
  ]);
  await baseUrl.fill('api.example.test/v1');
  await media.getByLabel('Model (Image from text)', { exact: true }).fill(' gpt-image-1 ');
  await media.getByLabel('Size (optional) (Image from text)', { exact: true }).fill('1024X1024');
  const key = media.getByLabel('API key (optional) (Image from text)', { exact: true });
  await key.fill(' sk-media-test ');
  expect(await key.getAttribute('type')).toBe('password');
  await media.getByRole('button', { name: 'Show the Image from text key' }).click();
  expect(await key.getAttribute('type')).toBe('text');
  await media.getByRole('button', { name: 'Hide the Image from text key' }).click();

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => fieldErrorOf(baseUrl)).toContain('Image from text: “api.example.test/v1”');
  expect(await baseUrl.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => baseUrl.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await baseUrl.getAttribute('aria-describedby')).toContain('media-image-baseUrl-error');
  expect(await dialog.isVisible()).toBe(true);
  expect((await savedSettings())?.media ?? null).toBeNull();
  await baseUrl.scrollIntoViewIfNeeded();
  await harness.screenshot('media-settings-invalid-1440');

  await baseUrl.fill('https://api.example.test/v1/');
  expect(await media.locator('#media-image-baseUrl-hint').textContent()).toContain(
    'https://api.example.test/v1/images/generations',
  );
  expect(await copy.isDisabled()).toBe(false);
  await copy.click();
  expect(await media.getByRole('switch', { name: /^Image edit/ }).isChecked()).toBe(true);
  expect(await media.getByLabel('Base URL (Image edit)', { exact: true }).inputValue()).toBe(
    'https://api.example.test/v1/',
  );
  expect(await media.getByLabel('API key (optional) (Image edit)', { exact: true }).inputValue()).toBe(
    ' sk-media-test ',
  );
  expect(await media.locator('[aria-live="polite"]').textContent()).toContain('Image edit now uses');

  await media.scrollIntoViewIfNeeded();
  const overflowing = await screenshotEverywhere(harness, 'media-settings', async () => {
    await media.locator('legend').evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
  });
  expect(overflowing).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const saved = await savedSettings();
  const endpoint = {
    api: 'openai',
    baseUrl: 'https://api.example.test/v1',
    model: 'gpt-image-1',
    size: '1024x1024',
    voice: null,
  };
  expect(saved?.media).toEqual({ image: endpoint, image_edit: endpoint, speech: null });
  expect(saved?.toolKeys).toEqual({ media_image: 'sk-media-test', media_image_edit: 'sk-media-test' });

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await showSettingsSection(dialog, 'Media');
  expect(await media.getByRole('switch', { name: /^Image from text/ }).isChecked()).toBe(true);
  expect(await baseUrl.inputValue()).toBe('https://api.example.test/v1');
  expect(await media.getByLabel('Model (Image from text)', { exact: true }).inputValue()).toBe('gpt-image-1');
  expect(await key.inputValue()).toBe('sk-media-test');
  expect(await media.getByRole('switch', { name: /^Speech from text/ }).isChecked()).toBe(false);

  // Switched off, the endpoint and its key are gone once saved.
  await media.getByRole('switch', { name: /^Image edit/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const cleared = await savedSettings();
  expect(cleared?.media).toEqual({ image: endpoint, image_edit: null, speech: null });
  expect(cleared?.toolKeys).toEqual({ media_image: 'sk-media-test' });
});

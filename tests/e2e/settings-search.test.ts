import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';
import { screenshotEverywhere } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

it('Settings → Search: switches, keys, a checked proxy address and the order by keyboard, saved', async () => {
  const { page, model } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // A fresh install saves no provider: one is added, and pointed at the scripted model.
  await addProvider(dialog, 'OpenAI');
  await dialog.getByLabel('Base URL', { exact: true }).fill(model.url);
  await dialog.getByLabel('Model', { exact: true }).fill('scripted-model');
  await showSettingsSection(dialog, 'Web & search');
  const search = dialog.getByRole('group', { name: 'Search' });
  const switches = search.getByRole('switch');
  expect(await switches.count()).toBe(17);
  expect(
    await switches.evaluateAll((inputs) => inputs.every((input) => (input as HTMLInputElement).checked)),
  ).toBe(true);
  expect(await search.locator('.search-privacy').textContent()).toContain('cannot be read');

  await search.getByRole('switch', { name: /Brave Search$/ }).uncheck();
  await search.getByLabel('Tavily key', { exact: true }).fill(' tvly-test ');
  await search.getByLabel('Jina Search key', { exact: true }).fill('jina-test');
  expect(await search.locator('[data-service="jina_reader"]').innerText()).toContain(
    'Uses the key given under Jina Search',
  );
  const proxy = search.getByLabel('CORS proxy address');
  await proxy.fill('https://proxy.example/?target=');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => fieldErrorOf(proxy))
    .toBe('CORS proxy: A CORS proxy address starts with http(s):// and contains {url}.');
  expect(await proxy.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => proxy.evaluate((input) => input === document.activeElement)).toBe(true);
  await harness.screenshot('web-settings-proxy-invalid-1440');
  await search.getByLabel('Tavily key', { exact: true }).scrollIntoViewIfNeeded();
  await harness.screenshot('web-settings-keys-1440');
  await proxy.fill('https://proxy.example/?url={url}');

  // GitHub up two places by keyboard: focus stays on its button as the row moves.
  const order = () =>
    search
      .locator('ol.web-services > li')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-service')));
  const before = await order();
  const up = search.getByRole('button', { name: 'Move GitHub up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => up.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(order).not.toEqual(before);
  const moved = await order();
  expect(moved.indexOf('github')).toBe(before.indexOf('github') - 2);
  // Focus goes back to the moved row's button on the next frame (after the list re-renders).
  await expect.poll(() => up.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await search.locator('[aria-live="polite"]').textContent()).toContain('GitHub moved to');

  await search.scrollIntoViewIfNeeded();
  await screenshotEverywhere(harness, 'web-settings-search', async () => {
    await search.getByRole('switch', { name: /Wikipedia$/ }).scrollIntoViewIfNeeded();
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await showSettingsSection(dialog, 'Web & search');
  expect(await search.getByRole('switch', { name: /Brave Search$/ }).isChecked()).toBe(false);
  expect(await search.getByRole('switch', { name: /Tavily$/ }).isChecked()).toBe(true);
  expect(await search.getByLabel('Tavily key', { exact: true }).inputValue()).toBe('tvly-test');
  expect(await search.getByLabel('Jina Search key', { exact: true }).inputValue()).toBe('jina-test');
  expect(await proxy.inputValue()).toBe('https://proxy.example/?url={url}');
  expect(await order()).toEqual(moved);
});

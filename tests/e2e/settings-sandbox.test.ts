import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

it('edits the sandbox settings: Node runtime, network allow-list and workspace limit, with validation', async () => {
  const { page } = harness;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Sandbox');
  const nodeRuntime = dialog.getByRole('checkbox', { name: 'Node runtime' });
  const allowList = dialog.getByRole('textbox', { name: 'Sandbox network allow-list' });
  const limit = dialog.getByRole('spinbutton', { name: 'Workspace size limit (MB)' });
  expect(await nodeRuntime.isChecked()).toBe(false);
  expect(await dialog.locator('#settings-nodeRuntime-status').textContent()).toContain('Off');
  expect(await allowList.inputValue()).toBe('');
  expect(await limit.inputValue()).toBe('200');

  await showSettingsSection(dialog, 'Providers');
  // A fresh install saves no provider: one is added, and pointed at the scripted model.
  await addProvider(dialog, 'OpenAI');
  await dialog.getByLabel('Base URL', { exact: true }).fill(harness.model.url);
  await dialog.getByLabel('Model', { exact: true }).fill('scripted-model');
  await showSettingsSection(dialog, 'Sandbox');
  await allowList.fill('https://api.github.com/\nftp://files.example.com/');
  await limit.fill('64');
  await nodeRuntime.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => fieldErrorOf(allowList)).toContain('Line 2');
  expect(await allowList.getAttribute('aria-invalid')).toBe('true');
  await harness.screenshot('settings-sandbox-invalid-390');

  await allowList.fill('https://api.github.com/\n\nhttps://registry.npmjs.org/');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.reload();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await showSettingsSection(dialog, 'Sandbox');
  expect(await nodeRuntime.isChecked()).toBe(true);
  expect(await allowList.inputValue()).toBe('https://api.github.com/\nhttps://registry.npmjs.org/');
  expect(await limit.inputValue()).toBe('64');
  expect(await dialog.locator('#settings-nodeRuntime-status').textContent()).not.toBe('');
  await page.emulateMedia({ colorScheme: 'dark' });
  await harness.screenshot('settings-sandbox-saved-390-dark');
});

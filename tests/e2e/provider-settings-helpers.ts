import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call } from '../fixtures/scenarios.ts';

/** Helpers of the e2e tests that drive Settings → Providers and the conversation header. */

export const finish = (text = 'Done.') => call('message', { type: 'result', text });

export function settingsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Settings' });
}

export async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = settingsDialog(page);
  await dialog.waitFor();
  return dialog;
}

export async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Adds a provider from the picker (a preset's name, or Custom); its editor opens. */
export async function addProvider(dialog: Locator, preset: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await dialog
    .getByRole('group', { name: 'Add a provider' })
    .getByRole('button', { name: preset, exact: true })
    .click();
  // The editor moves focus to the new provider's Name on the next frame; filling another
  // field before that lands would race it (the text could end up in Name).
  await expect.poll(() => dialog.evaluate(() => document.activeElement?.id)).toBe('provider-name');
}

export function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(label, { exact: true });
}

import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { savedAgentSettings } from './pwa-helpers.ts';

/**
 * Settings you can find your way in: an index of sections (a column at desktop widths, a row
 * of tabs on a phone) that the keyboard moves through, a save bar always in view, a refused
 * field's reason under it with the field focused, and links from the app that open the
 * section they are about.
 */

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

async function openSettings(page: Page): Promise<Locator> {
  // On a phone the sidebar (with Settings) is behind the menu.
  if ((page.viewportSize()?.width ?? 1440) < 800) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor();
  return dialog;
}

/** True when the whole box is inside the viewport. */
async function isInViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height
  );
}

const selectedTab = (dialog: Locator) => dialog.getByRole('tab', { selected: true });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

describe('Settings in sections', () => {
  for (const size of SIZES) {
    it(`at ${size.width}×${size.height}: a refused Save says why under the field, focused, with Save in view in every section`, async () => {
      const { page, model } = harness;
      // A provider saved (a fresh install has none), whose editor Settings opens with.
      await harness.configure();
      await page.setViewportSize(size);
      const dialog = await openSettings(page);
      await showSettingsSection(dialog, 'Providers');
      const save = dialog.getByRole('button', { name: 'Save', exact: true });

      // The save bar is in view in every section, without scrolling anything.
      for (const tab of await dialog.getByRole('tab').all()) {
        await tab.click();
        expect(await isInViewport(page, save), (await tab.textContent()) ?? '').toBe(true);
      }
      await showSettingsSection(dialog, 'Providers');
      expect(await dialog.getByText('No unsaved changes').count()).toBe(1);

      // The active provider without a model: refused, the reason right under the Model field.
      const modelField = dialog.getByLabel('Model', { exact: true });
      await modelField.fill('');
      expect(await dialog.getByText('Unsaved changes', { exact: true }).count()).toBe(1);
      await dialog.getByRole('tab', { name: 'Runs' }).click();
      await save.click();
      await expect.poll(() => fieldErrorOf(modelField)).toMatch(/^OpenAI needs a model/);
      expect(await selectedTab(dialog).textContent()).toContain('Providers');
      await expect.poll(() => focusedId(page)).toBe('provider-model');
      expect(await modelField.getAttribute('aria-invalid')).toBe('true');
      expect(await modelField.getAttribute('aria-describedby')).toContain('provider-model-error');
      const fieldBox = await modelField.boundingBox();
      const messageBox = await dialog.locator('#provider-model-error').boundingBox();
      expect(fieldBox && messageBox).toBeTruthy();
      if (fieldBox && messageBox) {
        expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeGreaterThanOrEqual(0);
        expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(100);
        expect(await isInViewport(page, dialog.locator('#provider-model-error'))).toBe(true);
      }
      expect(await isInViewport(page, save)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The save bar says so, and the index marks the section.
      expect(await dialog.locator('.save-state').textContent()).toContain(
        'Not saved: 1 field needs attention.',
      );
      expect(await selectedTab(dialog).textContent()).toContain('1 field needs attention');
      const unsaved = await savedAgentSettings<{ providers: { model: string }[] }>(page);
      expect(unsaved?.providers[0]?.model ?? 'nothing saved').not.toBe('');
      await harness.screenshot(`settings-refused-model-${size.width}`);

      // Fixed, it saves.
      await dialog.getByLabel('Base URL', { exact: true }).fill(model.url);
      await modelField.fill('scripted-model');
      expect(await fieldErrorOf(modelField)).toBeNull();
      await save.click();
      await dialog.waitFor({ state: 'hidden' });
      const saved = await savedAgentSettings<{ providers: { model: string }[] }>(page);
      expect(saved?.providers[0]?.model).toBe('scripted-model');
    });
  }

  it('moves through the sections by keyboard: arrows (wrapping), Home and End, Tab into the section', async () => {
    const { page } = harness;
    const dialog = await openSettings(page);
    // Settings opens at Providers with its tab focused, the only tab in the Tab order.
    await expect.poll(() => focusedId(page)).toBe('settings-tab-providers');
    expect(await dialog.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    expect(await dialog.locator('[role="tab"][tabindex="0"]').count()).toBe(1);

    await page.keyboard.press('ArrowDown');
    expect(await focusedId(page)).toBe('settings-tab-models');
    expect(await selectedTab(dialog).getAttribute('id')).toBe('settings-tab-models');
    expect(await dialog.getByRole('tabpanel').getAttribute('id')).toBe('settings-panel-models');
    await page.keyboard.press('End');
    expect(await focusedId(page)).toBe('settings-tab-storage');
    expect(await dialog.getByRole('region', { name: 'Storage' }).isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await focusedId(page)).toBe('settings-tab-providers');
    await page.keyboard.press('ArrowUp');
    expect(await focusedId(page)).toBe('settings-tab-storage');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selectedTab(dialog).textContent()).toContain('Runs');
    // Tab leaves the index for the section's first field.
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('settings-stepBudget');
    await harness.screenshot('settings-keyboard-runs-1440');

    // On a phone the index is a row of tabs: Left and Right move along it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => dialog.getByRole('tablist').getAttribute('aria-orientation')).toBe('horizontal');
    await dialog.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(dialog).textContent()).toContain('Sandbox');
    const overflow = await page.evaluate(() => {
      const open = document.querySelector('dialog[open]') as HTMLElement;
      return [open.scrollWidth - open.clientWidth, document.documentElement.scrollWidth - window.innerWidth];
    });
    expect(overflow).toEqual([0, 0]);
    expect(await isInViewport(page, selectedTab(dialog))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('says what is unsaved; Discard changes closes without saving', async () => {
    const { page } = harness;
    const dialog = await openSettings(page);
    await showSettingsSection(dialog, 'Runs');
    const stepBudget = dialog.getByLabel('Step budget', { exact: true });
    await stepBudget.fill('12');
    expect(await dialog.locator('.save-state').textContent()).toBe('Unsaved changes');
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await savedAgentSettings<{ stepBudget: number }>(page))?.stepBudget ?? 50).toBe(50);
    const reopened = await openSettings(page);
    await showSettingsSection(reopened, 'Runs');
    expect(await stepBudget.inputValue()).toBe('50');
    expect(await reopened.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
  });
});

describe('links into Settings', () => {
  it('a question asking to set something up opens the section it names', async () => {
    const { page, model } = harness;
    await harness.configure();
    model.setScript([
      acknowledge(),
      planNotes(),
      call('message', {
        type: 'ask',
        text: 'Making the cover image needs an image endpoint: add one in Settings → Media.',
        suggested_action: 'upgrade_to_unlock_feature',
      }),
    ]);
    await harness.sendTask(NOTES_TASK);
    await page.getByRole('button', { name: 'Open settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await selectedTab(dialog).textContent()).toContain('Media');
    await dialog.getByRole('group', { name: 'Media' }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('settings-tab-media');
    await harness.screenshot('settings-linked-media-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The question is still open: Settings was a detour.
    expect(await page.getByRole('button', { name: 'Continue without it' }).count()).toBe(1);
  });

  it('an address #settings/<section> opens Settings there, and the address is put back', async () => {
    const { page, app } = harness;
    // A fresh load (not a move within the page) at the address.
    await page.goto('about:blank');
    await page.goto(`${app.url}#settings/mcp`);
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await selectedTab(dialog).textContent()).toContain('MCP servers');
    await dialog.getByRole('group', { name: 'MCP servers' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
  });
});

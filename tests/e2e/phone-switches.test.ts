import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp } from './app-harness.ts';

/**
 * On a phone (390×844) the conversation's switches are reachable and work: the tool
 * profile of a new conversation and the provider of an open one, each a compact button
 * opening a sheet, by touch and by keyboard, with nothing wider than the screen.
 */

let harness: AppHarness;
let second: ScriptedServer;
beforeEach(async () => {
  harness = await startApp();
  second = await startScriptedServer();
});
afterEach(async () => {
  await harness.close();
  await second.close();
});

const toolNames = (body: unknown) =>
  ((body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
    (tool) => tool.function.name,
  );

/** Nothing reaches past the right edge of the screen. */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The text of the focused choice in an open sheet, or '' while the focus is elsewhere (the
 * sheet's button also reads "OpenAI": the sheet moves the focus into itself a moment after
 * it opens, on its toggle event).
 */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.getAttribute('role') === 'menuitemradio' ? (focused.textContent?.trim() ?? '') : '';
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

it('switches the tool profile and the provider at 390×844, by touch and by keyboard', async () => {
  const { page, model } = harness;
  await harness.configure();
  // A second provider to switch to.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await dialog
    .getByRole('group', { name: 'Add a provider' })
    .getByRole('button', { name: 'Custom', exact: true })
    .click();
  await expect.poll(() => dialog.evaluate(() => document.activeElement?.id)).toBe('provider-name');
  await dialog.getByLabel('Name', { exact: true }).fill('Second server');
  await dialog.getByLabel('Base URL', { exact: true }).fill(second.url);
  await dialog.getByLabel('Model', { exact: true }).fill('second-model');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Where there is room, the select (with its summary), not the compact button.
  await page.locator('select#tool-profile').waitFor();
  expect(await page.getByRole('button', { name: /^Tool profile:/ }).isVisible()).toBe(false);

  await page.setViewportSize({ width: 390, height: 844 });
  // The tool profile: a compact button (the desktop select and its long summary are not shown).
  const profileButton = page.getByRole('button', { name: 'Tool profile: Manus' });
  await profileButton.waitFor();
  expect(await page.locator('select#tool-profile').isVisible()).toBe(false);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // By keyboard: Enter opens the sheet on the chosen profile, arrows move, Esc closes it.
  await profileButton.focus();
  await page.keyboard.press('Enter');
  const profiles = page.getByRole('menu', { name: 'Choose a tool profile' });
  await profiles.waitFor();
  await expect.poll(() => profileButton.getAttribute('aria-expanded')).toBe('true');
  expect(await profiles.getByRole('menuitemradio', { checked: true }).textContent()).toMatch(/^Manus/);
  await expect.poll(() => focusedName(page)).toMatch(/^Manus/);
  await page.keyboard.press('ArrowDown');
  expect(await focusedName(page)).toMatch(/^OpenManus/);
  await page.keyboard.press('Escape');
  await profiles.waitFor({ state: 'hidden' });
  expect(await isFocused(profileButton)).toBe(true);
  expect(await profileButton.getAttribute('aria-label')).toBe('Tool profile: Manus');

  // By touch: the sheet lists each profile with its summary; muxd is chosen.
  await profileButton.click();
  await profiles.waitFor();
  const muxd = profiles.getByRole('menuitemradio', { name: /^muxd/ });
  expect(await muxd.textContent()).toContain('patch_apply');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await harness.screenshot('phone-switches-profile-sheet');
  await muxd.click();
  await profiles.waitFor({ state: 'hidden' });
  const muxdButton = page.getByRole('button', { name: 'Tool profile: muxd' });
  await muxdButton.waitFor();
  expect(await isFocused(muxdButton)).toBe(true);

  // The conversation starts with muxd's tools (a text reply ends its run).
  model.setScript([{ text: 'Hello from the first server.' }]);
  await harness.sendTask('Say hello');
  const header = page.locator('.main-header');
  await header.locator('[data-conversation-status="done"]').waitFor();
  expect(await header.locator('.profile-chip').getAttribute('data-profile')).toBe('muxd');
  expect(toolNames(model.requests[0]?.body)).toContain('patch_apply');

  // The provider: a compact button in the header, the select is not shown.
  const providerButton = page.getByRole('button', { name: 'Provider for this conversation: OpenAI' });
  await providerButton.waitFor();
  expect(
    await page
      .getByRole('combobox', { name: 'Provider for this conversation', includeHidden: true })
      .isVisible(),
  ).toBe(false);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const box = await providerButton.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  // By keyboard: Enter opens it on the current provider, Esc closes it and focus comes back.
  await providerButton.focus();
  await page.keyboard.press('Enter');
  const providers = page.getByRole('menu', { name: 'Provider for this conversation' });
  await providers.waitFor();
  await expect.poll(() => focusedName(page)).toMatch(/^OpenAI/);
  expect(await page.getByRole('menuitemradio', { name: /^OpenAI/ }).getAttribute('aria-checked')).toBe(
    'true',
  );
  // The sheet also says which tool profile the conversation keeps.
  expect(await page.locator('.choice-sheet-panel:popover-open').textContent()).toContain(
    'Tool profile: muxd',
  );
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await harness.screenshot('phone-switches-provider-sheet');
  await page.keyboard.press('Escape');
  await providers.waitFor({ state: 'hidden' });
  expect(await isFocused(providerButton)).toBe(true);

  // Enter again, ArrowDown to the second server, Enter chooses it.
  await page.keyboard.press('Enter');
  await providers.waitFor();
  await expect.poll(() => focusedName(page)).toMatch(/^OpenAI/);
  await page.keyboard.press('ArrowDown');
  expect(await focusedName(page)).toMatch(/^Second server/);
  await page.keyboard.press('Enter');
  await providers.waitFor({ state: 'hidden' });
  const switched = page.getByRole('button', { name: 'Provider for this conversation: Second server' });
  await switched.waitFor();

  // The conversation's next run goes to the second server.
  second.setScript([{ text: 'Hello from the second server.' }]);
  await harness.sendTask('And again');
  await expect.poll(() => second.requests.length).toBeGreaterThan(0);
  expect(second.requests[0]?.body).toMatchObject({ model: 'second-model' });
  expect(model.requests).toHaveLength(1);
  await header.locator('[data-conversation-status="done"]').waitFor();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await harness.screenshot('phone-switches-switched');

  // Where there is room, the select is back and says the same.
  await page.setViewportSize({ width: 1440, height: 900 });
  const select = page.getByRole('combobox', { name: 'Provider for this conversation' });
  expect(await select.locator('option:checked').textContent()).toBe('Second server');
  expect(await page.getByRole('button', { name: /^Provider for this conversation:/ }).isVisible()).toBe(
    false,
  );
});

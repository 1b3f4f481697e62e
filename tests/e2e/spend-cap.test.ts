import { afterEach, beforeEach, expect, it } from 'vitest';
import { call } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider } from './provider-settings-helpers.ts';
import { hasHorizontalScroll } from './pwa-helpers.ts';

// Issue 23's spend cap end to end: prices and caps typed in Settings (a wrong cap refused
// under its field), a run whose live spend shows in the header, stopped at its cap by the
// "Spend cap reached" card, then continued.
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

/** 100k prompt + 10k completion tokens: $0.14 at $1 / $4 per million. */
const usage = { prompt_tokens: 100_000, completion_tokens: 10_000 };
const turn = (name: string, args: Record<string, unknown>, delayMs = 0): ScriptedTurn =>
  call(name, args, { usage, ...(delayMs ? { delayMs } : {}) });

it('stops a run at its spend cap with the figures in the header and the question, then continues', async () => {
  const { page } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // A fresh install saves no provider: one is added, and pointed at the scripted model.
  await addProvider(dialog, 'OpenAI');
  await dialog.getByLabel('Base URL', { exact: true }).fill(harness.model.url);
  await dialog.getByLabel('API key', { exact: true }).fill('test-key');
  await dialog.getByLabel('Model', { exact: true }).fill('scripted-model');

  // Once a cap is typed, Settings says beside the caps that they cannot apply without prices,
  // and leads to the prices.
  await showSettingsSection(dialog, 'Runs');
  const note = dialog.getByRole('note', { name: 'Where the spend caps cannot apply' });
  const runCap = dialog.getByLabel('Spend cap per run (US$)');
  const dayCap = dialog.getByLabel('Spend cap per day (US$)');
  expect(await note.count()).toBe(0);
  await runCap.fill('forty cents');
  await dayCap.fill('5');
  expect(await note.textContent()).toContain('The caps cannot apply to runs on a provider without prices');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const fieldError = dialog.locator('#settings-spendCapPerRunUsd-error');
  await expect.poll(() => fieldError.textContent()).toContain('Spend cap per run must be empty (no cap)');
  expect(await runCap.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => runCap.evaluate((element) => element === document.activeElement)).toBe(true);
  await runCap.scrollIntoViewIfNeeded();
  await harness.screenshot('spend-cap-settings-invalid-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await runCap.scrollIntoViewIfNeeded();
  await harness.screenshot('spend-cap-settings-invalid-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await note.getByRole('button', { name: 'Set prices for OpenAI' }).click();
  const inputPrice = dialog.getByLabel('Input price', { exact: true });
  await expect.poll(() => inputPrice.evaluate((element) => element === document.activeElement)).toBe(true);
  await inputPrice.fill('1');
  await dialog.getByLabel('Output price', { exact: true }).fill('4');
  await showSettingsSection(dialog, 'Runs');
  await runCap.waitFor();
  await expect.poll(() => note.count()).toBe(0);
  await runCap.fill('$0.40');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Two quick turns, then a slow one: the header shows the run's spend and the day's meanwhile.
  harness.model.setScript([
    turn('message', { type: 'info', text: 'On it.' }),
    turn('plan', { action: 'update', goal: 'Write the report', phases: [{ id: 1, title: 'Write' }] }),
    turn('message', { type: 'info', text: 'Drafting.' }, 4_000),
    turn('message', { type: 'result', text: 'The report is written.' }),
  ]);
  await harness.sendTask('Write the report');
  const meter = page.locator('[data-spend-meter]');
  await expect.poll(() => meter.textContent(), { timeout: 10_000 }).toContain('Run $0.28 of $0.40');
  await expect.poll(() => meter.textContent()).toContain('Today $0.28 of $5.00');
  await harness.screenshot('spend-cap-running-1440');

  // Past $0.40 after the third turn: the card asks, with the figures.
  const card = page.getByRole('article', { name: 'Spend cap reached' });
  await card.waitFor({ timeout: 15_000 });
  expect(await card.textContent()).toContain('This run has spent about $0.42, past its cap of $0.40');
  await expect.poll(() => meter.textContent()).toContain('Run $0.42 of $0.40');
  expect(await meter.locator('.spend-figure.is-past').count()).toBe(1);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await harness.screenshot('spend-cap-asking-1440');
  // The title keeps its room beside the figure, and the token meter's popover still opens under it.
  expect(await page.locator('.thread-title').evaluate((title) => title.clientWidth)).toBeGreaterThan(120);
  await page.getByRole('button', { name: /Token usage/ }).click();
  const popover = page.getByRole('dialog', { name: 'Token usage' });
  await popover.waitFor();
  const box = await popover.boundingBox();
  expect(box?.y).toBeGreaterThan(30);
  expect(box ? box.x + box.width : 0).toBeLessThanOrEqual(1440);
  // Beside the Computer panel the chip keeps to the figure nearer its cap; the popover has both.
  expect(await meter.innerText()).toBe('Run $0.42 of $0.40');
  expect(await popover.innerText()).toMatch(
    /This run\s+\$0\.42 of \$0\.40\s+Today, all conversations\s+\$0\.42 of \$5\.00/,
  );
  await harness.screenshot('spend-cap-meter-popover-1440');
  await page.keyboard.press('Escape');
  // A wider header has room for both figures.
  await page.setViewportSize({ width: 1920, height: 1000 });
  await expect.poll(() => meter.innerText()).toBe('Run $0.42 of $0.40 · Today $0.42 of $5.00');
  await harness.screenshot('spend-cap-asking-1920');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await meter.isVisible()).toBe(true);
  await harness.screenshot('spend-cap-asking-390');
  await page.emulateMedia({ colorScheme: 'dark' });
  await harness.screenshot('spend-cap-asking-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Continue, by keyboard: the run goes on to its result, and the live figure goes away.
  const continueButton = card.getByRole('button', { name: 'Continue', exact: true });
  await continueButton.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => meter.count()).toBe(0);
  expect(harness.model.remaining()).toBe(0);
});

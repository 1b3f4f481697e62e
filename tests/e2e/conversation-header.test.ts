import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type ScriptedServer, startScriptedServer } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { addProvider, field, finish, openSettings, save } from './provider-settings-helpers.ts';

/**
 * The conversation header's provider switch and token meter (moved out of
 * providers.test.ts, which covers Settings → Providers and Runs).
 */
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

describe('the conversation header', () => {
  let second: ScriptedServer;
  beforeEach(async () => {
    second = await startScriptedServer();
  });
  afterEach(async () => {
    await second.close();
  });

  it('switches the conversation’s provider: its next run goes to the second server', async () => {
    const { page, model } = harness;
    await harness.configure();
    const dialog = await openSettings(harness.page);
    await addProvider(dialog, 'Custom');
    await field(dialog, 'Name').fill('Second server');
    await field(dialog, 'Base URL').fill(second.url);
    await field(dialog, 'Model').fill('second-model');
    await save(dialog);

    model.setScript([acknowledge(), planNotes(), finish('First run.')]);
    await harness.sendTask(NOTES_TASK);
    await page.locator('[data-action-type="message.result"]').waitFor();
    const switcher = page.getByRole('combobox', { name: 'Provider for this conversation' });
    expect(await switcher.locator('option:checked').textContent()).toBe('OpenAI');
    expect(await switcher.getAttribute('title')).toContain('next run');

    await switcher.selectOption({ label: 'Second server' });
    // The title follows the conversation once the worker has stored the switch.
    await expect.poll(() => switcher.getAttribute('title')).toContain('Second server');
    second.setScript([acknowledge('Now on the second server.'), planNotes(), finish('Second run.')]);
    await harness.sendTask('One more thing');
    // A whole second run: more than expect.poll's one second under a loaded CI run.
    await page.locator('[data-action-type="message.result"]').nth(1).waitFor({ timeout: 30_000 });
    expect(model.requests).toHaveLength(3);
    expect(second.requests).toHaveLength(3);
    expect(second.requests[0]?.body).toMatchObject({ model: 'second-model' });
    expect(JSON.stringify(second.requests[0]?.body)).toContain('First run.');
    await harness.screenshot('header-provider-switched-1440');

    await page.reload();
    expect(await switcher.locator('option:checked').textContent()).toBe('Second server');
  });

  it('meters the conversation’s tokens live, and its cost once the provider has prices', async () => {
    const { page, model } = harness;
    await harness.configure();
    const usage = { prompt_tokens: 1000, completion_tokens: 200, cached_tokens: 400 };
    model.setScript([
      { ...acknowledge(), usage },
      { ...planNotes(), usage },
      { ...call('message', { type: 'ask', text: 'SQLite or PostgreSQL?', suggested_action: 'none' }), usage },
      { ...finish(), usage },
    ]);
    await harness.sendTask(NOTES_TASK);
    await page.getByRole('textbox', { name: 'Reply' }).waitFor();
    const meter = page.getByRole('button', { name: /^Token usage/ });
    await expect.poll(() => meter.textContent()).toBe('Token usage: 3.6k tokens');
    await meter.click();
    const details = page.getByRole('dialog', { name: 'Token usage' });
    await details.waitFor();
    expect(await details.textContent()).toContain('Prompt3,000');
    expect(await details.textContent()).toContain('of which cached1,200');
    expect(await details.textContent()).toContain('Completion600');
    expect(await details.textContent()).toContain('Model calls3');
    expect(await details.textContent()).toContain('no prices set');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    const dialog = await openSettings(harness.page);
    await field(dialog, 'Input price').fill('2');
    await field(dialog, 'Cached input price').fill('0.5');
    await field(dialog, 'Output price').fill('8');
    await save(dialog);
    // Per call: 600 uncached × $2 + 400 cached × $0.5 + 200 × $8 = $0.003 per million… × 3 calls.
    await expect.poll(() => meter.textContent()).toBe('Token usage: 3.6k tokens · $0.009');

    await page.getByRole('textbox', { name: 'Reply' }).fill('SQLite');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    await expect.poll(() => meter.textContent()).toBe('Token usage: 4.8k tokens · $0.012');
    await meter.click();
    expect(await details.textContent()).toContain('Estimated cost$0.012');
    expect(await details.textContent()).toContain('At OpenAI’s prices');
    await harness.screenshot('header-token-meter-1440');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, fieldErrorOf, showSettingsSection, startApp } from './app-harness.ts';
import { addProvider, field, finish, openSettings, save } from './provider-settings-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

/** The text of a select's chosen option. */
function chosenOption(select: Locator): Promise<string | null> {
  return select.locator('option:checked').textContent();
}

/** A local server whose /cors/… answers without CORS headers and /auth/… refuses the key. */
async function startRefusingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/auth/')) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Headers', '*');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      return void response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":{}}');
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[{"id":"hidden"}]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Saves the OpenAI preset with a key, as a person does first (a fresh install saves no
 * provider); it is the one new conversations use.
 */
async function saveOpenAI(page: Page): Promise<void> {
  const dialog = await openSettings(page);
  await addProvider(dialog, 'OpenAI');
  await field(dialog, 'API key').fill('sk-test');
  await save(dialog);
}

describe('Settings → Providers', () => {
  it('adds a provider from a preset, tests it against the scripted server and makes it active', async () => {
    const { page, model } = harness;
    await saveOpenAI(page);
    const dialog = await openSettings(harness.page);
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    const picker = dialog.getByRole('group', { name: 'Add a provider' });
    expect(await picker.getByRole('button').count()).toBe(12); // ten presets, Custom, Close
    expect(await picker.textContent()).toContain('OLLAMA_ORIGINS');
    await harness.screenshot('providers-picker-1440');
    await picker.getByRole('button', { name: 'Ollama', exact: true }).click();

    expect(await field(dialog, 'Name').inputValue()).toBe('Ollama');
    expect(await field(dialog, 'Base URL').inputValue()).toBe('http://localhost:11434/v1');
    expect(await dialog.locator('#provider-baseUrl-hint').textContent()).toContain('OLLAMA_ORIGINS');
    await field(dialog, 'Base URL').fill(model.url);
    // The server says, as llama.cpp's does, that its chat template has no tool support and its
    // window is 8,192 tokens (Test connection and the runs hear the same).
    model.setProps({
      default_generation_settings: { n_ctx: 8192 },
      chat_template_caps: { supports_tool_calls: false, supports_system_role: true },
      modalities: { vision: false },
    });
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const status = dialog.getByRole('status').filter({ hasText: 'Connected' });
    await expect
      .poll(() => status.textContent())
      .toMatch(/Connected to http:\/\/127\.0\.0\.1:\d+: 1 model\./);
    expect(await status.getAttribute('data-tone')).toBe('success');
    // The server lists one model: Test connection puts it in the Model field (Ollama's default was another).
    await expect.poll(() => field(dialog, 'Model').inputValue()).toBe('scripted-model');
    const suggestions = await dialog
      .locator(`datalist#${await field(dialog, 'Model').getAttribute('list')} option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(suggestions).toEqual(['scripted-model']);
    // A name the server does not list is said so under the field.
    await field(dialog, 'Model').fill('qwen2.5:7b');
    expect(await dialog.locator('#provider-model-hint').textContent()).toContain(
      'does not list “qwen2.5:7b”',
    );
    await field(dialog, 'Model').fill('scripted-model');
    // A new provider is offered as the one new conversations use.
    await dialog.getByRole('button', { name: 'Use Ollama instead' }).scrollIntoViewIfNeeded();
    await harness.screenshot('providers-make-active-1440');
    await dialog.getByRole('button', { name: 'Use Ollama instead' }).click();
    expect(await dialog.getByRole('radio', { name: /^Ollama/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Use Ollama instead' }).count()).toBe(0);
    await harness.screenshot('providers-tested-1440');
    await save(dialog);

    // New conversations use the active provider.
    model.setScript([acknowledge(), planNotes(), finish()]);
    await harness.sendTask(NOTES_TASK);
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(model.requests[0]?.body).toMatchObject({ model: 'scripted-model' });
    const switcher = page.getByRole('combobox', { name: 'Provider for this conversation' });
    expect(await switcher.locator('option:checked').textContent()).toBe('Ollama');

    const reopened = await openSettings(harness.page);
    expect(await reopened.getByRole('radio', { name: /^Ollama/ }).isChecked()).toBe(true);
    expect(await reopened.getByRole('radio', { name: /^OpenAI/ }).isChecked()).toBe(false);

    // A local preset's tool calls are found out: the run asked the server and went
    // constrained (the active provider's editor is open, and says what was learned).
    expect(model.requests[0]?.body).toMatchObject({ response_format: { type: 'json_schema' } });
    expect(await field(reopened, 'Tool calls').inputValue()).toBe('auto');
    const learned = reopened.locator('.learned-capabilities summary');
    expect(await learned.textContent()).toMatch(
      /Learned \(llama\.cpp\): tool calls constrained, forcing by grammar, window 8,192 tokens \(new conversations get the compact tool descriptions\),\s*vision no/,
    );
    expect(await chosenOption(field(reopened, 'Images'))).toBe('Automatic: no (the server says)');
    await learned.click();
    expect(await reopened.locator('.learned-capabilities li').first().textContent()).toContain(
      'has no tool support',
    );
    await field(reopened, 'Tool calls').selectOption('constrained');
    expect(await reopened.locator('#provider-toolCalls-hint').textContent()).toContain('JSON-schema grammar');
    await harness.screenshot('providers-tool-calls-1440');
    await save(reopened);
    const again = await openSettings(harness.page);
    expect(await field(again, 'Tool calls').inputValue()).toBe('constrained');
  });

  it('explains an unreachable server, a CORS refusal with the preset’s note, and a refused key', async () => {
    const refusing = await startRefusingServer();
    try {
      const dialog = await openSettings(harness.page);
      await addProvider(dialog, 'Custom');
      const status = dialog.locator('.provider-editor [role="status"]');
      await field(dialog, 'Base URL').fill('http://127.0.0.1:9/v1');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => status.textContent()).toContain('Could not reach http://127.0.0.1:9.');
      expect(await status.getAttribute('data-tone')).toBe('error');
      await harness.screenshot('providers-unreachable-1440');

      await field(dialog, 'Base URL').fill(`${refusing.url}/auth/v1`);
      expect(await status.textContent()).toBe('');
      await field(dialog, 'API key').fill('wrong-key');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => status.textContent()).toContain('refused the API key (HTTP 401)');

      await addProvider(dialog, 'LM Studio');
      await field(dialog, 'Base URL').fill(`${refusing.url}/cors/v1`);
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => status.textContent()).toContain('refuses requests from this app (CORS)');
      expect(await status.textContent()).toContain('LM Studio: Turn on “Enable CORS”');
      await harness.screenshot('providers-cors-1440');
    } finally {
      await refusing.close();
    }
  });

  it('validates a provider before saving, shows and hides the key, and deletes down to none', async () => {
    const { page } = harness;
    const dialog = await openSettings(harness.page);
    // A fresh install: none saved; the first one added is the one new conversations use.
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await addProvider(dialog, 'OpenAI');
    expect(await dialog.getByRole('radio', { name: /^OpenAI/ }).isChecked()).toBe(true);

    await field(dialog, 'API key').fill('sk-secret');
    expect(await field(dialog, 'API key').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Show key' }).click();
    expect(await field(dialog, 'API key').getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Hide key' }).click();
    expect(await field(dialog, 'API key').getAttribute('type')).toBe('password');

    await addProvider(dialog, 'Custom');
    await field(dialog, 'Name').fill('Lab server');
    await field(dialog, 'Base URL').fill('lab.internal:8000');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // Each refused field says why under itself; the first one is focused.
    await expect
      .poll(() => fieldErrorOf(field(dialog, 'Base URL')))
      .toContain('Lab server: Base URL must be');
    expect(await field(dialog, 'Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(await fieldErrorOf(field(dialog, 'Model'))).toBe(
      'Lab server needs a model, for example gpt-4o-mini (Test connection lists what the server offers).',
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('provider-baseUrl');
    await field(dialog, 'Base URL').fill('http://lab.internal:8000/v1');
    await field(dialog, 'Model').fill('qwen');
    await field(dialog, 'Input price').fill('0.5');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => fieldErrorOf(field(dialog, 'Output price'))).toContain('Output price is needed');
    expect(await field(dialog, 'Output price').getAttribute('aria-invalid')).toBe('true');
    await field(dialog, 'Output price').fill('1.5');
    await dialog.getByRole('radio', { name: /^Lab server/ }).check();
    await save(dialog);

    // Settings opens with the active provider's editor open. Deleting the active provider
    // makes the first remaining one active.
    const reopened = await openSettings(harness.page);
    expect(await field(reopened, 'Cached input price').inputValue()).toBe('0.5');
    await reopened.getByRole('button', { name: 'Delete Lab server', exact: true }).click();
    expect(await reopened.getByRole('radio').count()).toBe(1);
    expect(await reopened.getByRole('radio', { name: /^OpenAI/ }).isChecked()).toBe(true);
    await save(reopened);
    const afterDelete = await openSettings(harness.page);
    expect(await afterDelete.getByRole('radio').count()).toBe(1);
    expect(await field(afterDelete, 'API key').inputValue()).toBe('sk-secret');

    // The last one goes too: none is left, as on a fresh install, and that saves.
    await afterDelete.getByRole('button', { name: 'Delete OpenAI', exact: true }).click();
    expect(await afterDelete.getByRole('radio').count()).toBe(0);
    await afterDelete.locator('.providers-empty').waitFor();
    await save(afterDelete);
    const none = await openSettings(harness.page);
    expect(await none.getByRole('radio').count()).toBe(0);
  });

  it('says whether the model sees images, guessed from the name as it is typed, and keeps “Text only”', async () => {
    const { page } = harness;
    await saveOpenAI(page);
    const dialog = await openSettings(harness.page);
    const images = field(dialog, 'Images');
    await field(dialog, 'Model').fill('gpt-4o');
    expect(await chosenOption(images)).toBe('Automatic: yes (by the model’s name)');
    expect(await dialog.locator('#provider-vision-hint').textContent()).toContain(
      'the images and PDF pages the agent views are sent to it (scaled to at most 1,568 px)',
    );
    await field(dialog, 'Model').fill('deepseek-chat');
    expect(await chosenOption(images)).toBe('Automatic: no (by the model’s name)');
    await images.selectOption({ label: 'Text only' });
    await images.scrollIntoViewIfNeeded();
    await harness.screenshot('providers-images-1440');
    await save(dialog);

    const reopened = await openSettings(harness.page);
    expect(await field(reopened, 'Model').inputValue()).toBe('deepseek-chat');
    expect(await chosenOption(field(reopened, 'Images'))).toBe('Text only');

    await page.setViewportSize({ width: 390, height: 844 });
    await field(reopened, 'Images').selectOption('auto');
    await field(reopened, 'Images').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => {
      const open = document.querySelector('dialog[open]') as HTMLElement;
      return open.scrollWidth - open.clientWidth;
    });
    expect(overflow).toBe(0);
    await harness.screenshot('providers-images-390');
    await field(reopened, 'Images').selectOption({ label: 'The model sees images' });
    await save(reopened);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const again = await openSettings(harness.page);
    expect(await chosenOption(field(again, 'Images'))).toBe('The model sees images');
  });

  it('works by keyboard and fits a phone without sideways scrolling', async () => {
    const { page } = harness;
    await saveOpenAI(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = await openSettings(harness.page);
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);

    await dialog.getByRole('button', { name: 'Add provider' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('OpenAI');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Add a provider' }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Add provider');

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Ollama', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('provider-name');
    await dialog.getByRole('radio', { name: /^OpenAI/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /^Ollama/ }).isChecked()).toBe(true);

    const overflow = await page.evaluate(() => {
      const open = document.querySelector('dialog[open]') as HTMLElement;
      const root = document.scrollingElement as HTMLElement;
      return [open.scrollWidth - open.clientWidth, root.scrollWidth - root.clientWidth];
    });
    expect(overflow).toEqual([0, 0]);
    await harness.screenshot('providers-keyboard-390');

    await field(dialog, 'Name').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const reopened = await openSettings(harness.page);
    expect(await reopened.getByRole('radio', { name: /^Ollama/ }).isChecked()).toBe(true);
  });
});

describe('Settings → Runs', () => {
  it('a token budget per run makes the agent ask under “Token budget reached”', async () => {
    const { page, model } = harness;
    await harness.configure();
    const dialog = await openSettings(harness.page);
    await showSettingsSection(dialog, 'Runs');
    const budget = field(dialog, 'Token budget per run');
    expect(await budget.inputValue()).toBe('');
    await budget.fill('999');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => fieldErrorOf(budget)).toContain('at least 1000');
    expect(await budget.getAttribute('aria-invalid')).toBe('true');
    await budget.fill('1,000');
    await save(dialog);

    model.setScript([
      { ...acknowledge(), usage: { prompt_tokens: 900, completion_tokens: 150 } },
      planNotes(),
      finish(),
    ]);
    await harness.sendTask(NOTES_TASK);
    const card = page.getByRole('article', { name: 'Token budget reached' });
    await card.waitFor();
    expect(model.requests).toHaveLength(1);
    // A question about going on: Continue or Stop.
    expect(await card.getByRole('button', { name: 'Continue', exact: true }).count()).toBe(1);
    await card.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('Stopped at the token budget.').waitFor();
    expect(model.requests).toHaveLength(1);

    const reopened = await openSettings(harness.page);
    await showSettingsSection(reopened, 'Runs');
    expect(await field(reopened, 'Token budget per run').inputValue()).toBe('1000');
  });
});

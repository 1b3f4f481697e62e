import { afterEach, expect, it } from 'vitest';
import { call } from '../fixtures/scenarios.ts';
import type { RecordedRequest } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp } from './app-harness.ts';

/**
 * The "Tool profile" control of a new conversation: Manus by default, each profile this
 * version has offered; the conversation keeps the one it started with, which its header
 * shows and whose tools the model is sent.
 */

let harness: AppHarness;
afterEach(async () => harness?.close());

const toolNames = (request: RecordedRequest | undefined) =>
  ((request?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
    (tool) => tool.function.name,
  );

it('starts a conversation with the profile picked beside the composer, and the header says which', async () => {
  harness = await startApp();
  await harness.configure();
  const { page, model } = harness;
  const picker = page.getByLabel('Tool profile', { exact: true });
  await expect.poll(() => picker.inputValue()).toBe('manus');
  const options = await picker.locator('option').evaluateAll((elements) =>
    elements.map((element) => ({
      value: (element as HTMLOptionElement).value,
      label: element.textContent,
    })),
  );
  expect(options[0]).toEqual({ value: 'manus', label: 'Manus' });
  await harness.screenshot('tool-profile-picker-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await harness.screenshot('tool-profile-picker-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  model.setScript([
    call('message', { type: 'info', text: 'On it.' }),
    call('plan', { action: 'update', goal: 'Say hi', phases: [{ id: 1, title: 'Hi', capabilities: {} }] }),
    call('message', { type: 'result', text: 'Hi.' }),
  ]);
  await harness.sendTask('Say hi');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const chip = page.locator('.main-header .profile-chip');
  expect(await chip.getAttribute('data-profile')).toBe('manus');
  expect(await chip.textContent()).toBe('Tool profile: Manus');
  const manusTools = toolNames(model.requests[0]);
  expect(manusTools).toContain('plan');

  // Every other profile this version has: its conversation sends the model that profile's tools.
  for (const option of options.slice(1)) {
    await page.getByRole('button', { name: 'New conversation' }).click();
    await picker.selectOption(option.value);
    // A new script also clears the requests recorded so far.
    model.setScript([]);
    await harness.sendTask(`Hello from ${option.label}`);
    await expect.poll(() => chip.getAttribute('data-profile')).toBe(option.value);
    expect(await chip.textContent()).toBe(`Tool profile: ${option.label}`);
    await expect.poll(() => model.requests.length).toBeGreaterThan(0);
    const tools = toolNames(model.requests[0]);
    expect(tools.length).toBeGreaterThan(0);
    expect(tools).not.toEqual(manusTools);
    await harness.screenshot(`tool-profile-${option.value}-header`);
  }
});

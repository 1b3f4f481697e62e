import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, showSettingsSection, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const done = (text = 'Done.') => call('message', { type: 'result', text });
/** How the Manus profile starts every task: an acknowledgement, then a plan. */
const start = () => [
  acknowledge('On it.'),
  call('plan', { action: 'update', goal: 'Answer', phases: [{ id: 1, title: 'Answer', capabilities: {} }] }),
];

/** The system message of the model's request `index` (its text, empty when there is none). */
function systemText(index: number): string {
  const [first] = messagesOf(harness.model.requests[index]) as { role?: string; content?: unknown }[];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

/** Opens Settings at Memory; resolves with the section. */
async function openMemory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Memory');
  return dialog.getByRole('region', { name: 'Memory' });
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
}

/** Starts a new conversation that finishes at once; resolves once its first request was made. */
async function runConversation(task: string): Promise<void> {
  const { page, model } = harness;
  await page.getByRole('button', { name: 'New conversation' }).click();
  model.setScript([...start(), done()]);
  await harness.sendTask(task);
  await model.waitForRequests(1, 20_000);
  await page.locator('.result-card').waitFor();
}

/** Exports the open conversation's bundle from its menu; resolves with its conversation.json. */
async function exportedConversation(page: Page, tickMemories: boolean): Promise<{ startContext?: unknown }> {
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  const menu = page.getByRole('menu', { name: 'Conversation actions' });
  const tick = menu.getByRole('menuitemcheckbox', {
    name: 'Include the memory this conversation started with',
  });
  expect(await tick.getAttribute('aria-checked')).toBe('false');
  if (tickMemories) {
    await tick.click();
    expect(await tick.getAttribute('aria-checked')).toBe('true');
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: 'Export bundle' }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  return JSON.parse(strFromU8(entries['conversation.json'] ?? new Uint8Array())) as {
    startContext?: unknown;
  };
}

it('a memory added on the Memory page reaches the next conversation (its bundle only when ticked), and not once deleted', async () => {
  const { page } = harness;
  let memory = await openMemory(page);
  const field = memory.getByRole('textbox', { name: 'Remember' });
  await memory.getByRole('button', { name: 'Add', exact: true }).click();
  expect(await memory.locator('#memory-new-error').textContent()).toBe('Write what to remember first.');
  await field.fill('x'.repeat(501));
  await field.press('Enter');
  expect(await memory.locator('#memory-new-error').textContent()).toContain('at most 500 characters');
  await field.fill('Prefers metric units');
  await field.press('Enter');
  const item = memory.getByRole('listitem').filter({ hasText: 'Prefers metric units' });
  await item.waitFor();
  // The day and month, as the browser's language writes them ("27 Nov", "Nov 27").
  expect(await item.locator('.memory-source').textContent()).toMatch(/^Added by you · \S+ \S+$/);
  await expect.poll(() => field.inputValue()).toBe('');
  // Enter added the memory; it did not submit (and close) Settings.
  expect(await page.getByRole('dialog', { name: 'Settings' }).isVisible()).toBe(true);
  expect(
    await item.getByRole('switch', { name: 'Use “Prefers metric units” in new conversations' }).isChecked(),
  ).toBe(true);
  // Edited in place: Esc cancels, Enter saves (neither closes Settings).
  await item.getByRole('button', { name: 'Edit “Prefers metric units”' }).click();
  const editor = memory.getByRole('textbox', { name: 'Edit “Prefers metric units”' });
  await editor.fill('Prefers imperial units');
  await editor.press('Escape');
  await editor.waitFor({ state: 'detached' });
  expect(await item.locator('.memory-text').textContent()).toBe('Prefers metric units');
  await item.getByRole('button', { name: 'Edit “Prefers metric units”' }).click();
  await editor.fill('Prefers metric units and 24-hour time');
  await editor.press('Enter');
  const edited = memory.getByRole('listitem').filter({ hasText: 'Prefers metric units and 24-hour time' });
  await edited.locator('.memory-text').waitFor();
  expect(await page.getByRole('dialog', { name: 'Settings' }).isVisible()).toBe(true);
  await closeSettings(page);

  await runConversation('Plan a cycling trip');
  expect(systemText(0)).toContain('# Memories');
  expect(systemText(0)).toContain('- Prefers metric units and 24-hour time');

  // The bundle leaves the memory out unless ticked in.
  expect((await exportedConversation(page, false)).startContext).toMatchObject({ memories: [] });
  expect((await exportedConversation(page, true)).startContext).toMatchObject({
    memories: [{ text: 'Prefers metric units and 24-hour time' }],
  });

  memory = await openMemory(page);
  await memory.getByRole('button', { name: 'Delete “Prefers metric units and 24-hour time”' }).click();
  await memory.getByRole('button', { name: 'Yes, delete' }).click();
  await memory.getByText('Nothing remembered yet.').waitFor();
  await closeSettings(page);

  await runConversation('Plan a walking trip');
  expect(systemText(0)).not.toContain('Prefers metric units');
  expect(systemText(0)).not.toContain('# Memories');
});

it('the agent proposes a memory in its drafts file; Remember keeps it, with its source, for the next conversation', async () => {
  const { page, model } = harness;
  model.setScript([
    ...start(),
    call('file', { action: 'write', path: '/home/ubuntu/memory-draft.md', text: '- Prefers metric units\n' }),
    done('It is about 8 km.'),
  ]);
  await harness.sendTask('How far is 5 miles?');
  const card = page.getByRole('article', { name: 'Remember this? “Prefers metric units”' });
  await card.waitFor({ timeout: 20_000 });
  await page.locator('.result-card').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}memory-proposal-card.png` });
  // A proposal is not kept yet: the Memory page does not list it.
  let memory = await openMemory(page);
  expect(await memory.getByRole('listitem').count()).toBe(0);
  await closeSettings(page);

  await card.getByRole('button', { name: 'Remember' }).click();
  await card.waitFor({ state: 'detached' });

  memory = await openMemory(page);
  const item = memory.getByRole('listitem').filter({ hasText: 'Prefers metric units' });
  await item.waitFor();
  expect(await item.locator('.memory-source').textContent()).toBe('From “How far is 5 miles?”');
  await item.getByRole('button', { name: '“How far is 5 miles?”' }).waitFor();
  await closeSettings(page);

  await runConversation('Plan a cycling trip');
  expect(systemText(0)).toContain('- Prefers metric units');
});

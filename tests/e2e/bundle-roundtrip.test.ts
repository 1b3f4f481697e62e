import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';
import {
  descriptionOf,
  finishTodoConversation,
  importThroughPicker,
  openConversationId,
  planSummary,
  screenshotEverywhere,
  threadTexts,
  toastTexts,
  workspaceFiles,
} from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

it('exports a finished conversation, deletes it, imports the bundle: thread, plan and workspace are the same', async () => {
  const { page } = harness;
  const originalId = await finishTodoConversation(harness);
  const thread = await threadTexts(page);
  const plan = await planSummary(page);
  const files = await workspaceFiles(page, originalId);
  expect(Object.keys(files)).toContain('notes/todo.md');
  expect(thread.length).toBeGreaterThan(8);

  // Export from the conversation menu: a zip download named after the conversation.
  const menuButton = page.getByRole('button', { name: 'Conversation actions' });
  await menuButton.click();
  const menu = page.getByRole('menu', { name: 'Conversation actions' });
  expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Export bundle', 'Share…', 'Replay']);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: 'Export bundle' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('keep-a-todo-list-in-notes-todo-md.sandpiper.zip');
  // It says where the file went.
  await expect
    .poll(() => toastTexts(page))
    .toContain('Saved keep-a-todo-list-in-notes-todo-md.sandpiper.zip to your downloads.');
  const bundle = new Uint8Array(await readFile(await download.path()));
  const entries = Object.keys(unzipSync(bundle));
  expect(entries).toEqual(
    expect.arrayContaining(['manifest.json', 'events.json', 'workspace/notes/todo.md']),
  );
  // Desktop Chromium cannot share files, so Share downloads the same bundle.
  await menuButton.click();
  const [shared] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Share…' }).click(),
  ]);
  expect(shared.suggestedFilename()).toBe(download.suggestedFilename());

  // Delete it from Settings → Storage, confirming inline.
  await page.getByRole('button', { name: 'Settings' }).click();
  await showSettingsSection(page.getByRole('dialog', { name: 'Settings' }), 'Storage');
  const storage = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Storage' });
  const row = storage.getByRole('listitem').filter({ hasText: 'Keep a todo list' });
  await expect.poll(() => row.textContent()).toMatch(/workspace \d/);
  await row.getByRole('button', { name: /^Delete / }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect.poll(() => storage.getByRole('listitem').count()).toBe(0);
  expect(await storage.textContent()).toContain('No conversations are stored');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.conversation-item').count()).toBe(0);
  expect(await workspaceFiles(page, originalId)).toEqual({});

  // Import through the sidebar's file picker: it opens as a new conversation, identical.
  await importThroughPicker(page, download.suggestedFilename(), bundle);
  await page.locator('[data-action-type="message.result"]').waitFor();
  const importedId = await openConversationId(page);
  expect(importedId).not.toBe(originalId);
  await expect.poll(() => threadTexts(page)).toEqual(thread);
  expect(await planSummary(page)).toEqual(plan);
  expect(await workspaceFiles(page, importedId)).toEqual(files);
  expect(await page.locator('.conversation-item').allTextContents()).toEqual([
    expect.stringContaining('Keep a todo list'),
  ]);
  // It says so, and the sidebar marks it as imported (said with the row's status, shown as an icon).
  await expect.poll(() => toastTexts(page)).toContain('Imported ‘Keep a todo list in notes/todo.md’');
  const importedRow = page.locator('.conversation-item .conversation-button');
  expect(await descriptionOf(importedRow)).toBe('Imported Done');
  expect(await importedRow.locator('.conversation-origin').getAttribute('title')).toMatch(
    /^Imported from a bundle on /,
  );
  await screenshotEverywhere(harness, 'imported-conversation');
});

it('replays a finished conversation step by step, driving the thread, plan and Computer panel', async () => {
  const { page } = harness;
  await finishTodoConversation(harness);
  const fullThread = await threadTexts(page);
  const fullPlan = await planSummary(page);

  // The menu by keyboard: Enter opens it on its first item, arrows move, Esc closes it, Enter chooses.
  const menuButton = page.getByRole('button', { name: 'Conversation actions' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const focusedName = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await expect.poll(focusedName).toBe('Export bundle');
  await page.keyboard.press('ArrowDown');
  expect(await focusedName()).toBe('Share…');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  expect(await focusedName()).toBe('Replay');
  await page.keyboard.press('Enter');
  const controls = page.getByRole('region', { name: 'Replay controls' });
  await controls.waitFor();
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  // It plays from the first step; pause it, go back to the start and step by hand.
  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  const slider = controls.getByRole('slider', { name: 'Replay position' });
  await slider.fill('1');
  const position = controls.locator('.replay-position');
  expect(await controls.getByRole('button', { name: 'Step back' }).isDisabled()).toBe(true);
  expect(await position.textContent()).toMatch(/^Step 1 of \d+$/);
  const stepCount = Number((await position.textContent())?.split(' of ')[1]);
  expect(stepCount).toBeGreaterThan(8);
  // The header speaks of the replay, never of the conversation's own status ("Done") or "Live".
  const header = page.locator('.main-header');
  const headerStatus = header.locator('.chip[data-replay]');
  expect(await headerStatus.textContent()).toBe(`Paused · step 1 of ${stepCount}`);
  expect(await header.locator('[data-conversation-status]').count()).toBe(0);
  expect(await controls.getByRole('status').textContent()).toBe('Paused');
  const computer = page.getByRole('complementary', { name: 'Computer' });
  expect(await threadTexts(page)).toEqual([fullThread[0]]);
  expect(await page.getByRole('region', { name: 'Plan' }).count()).toBe(0);

  // Each step forward shows one more thing, in the order of the real thread.
  const lengths: number[] = [];
  for (let step = 2; step <= stepCount; step += 1) {
    await controls.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(() => position.textContent()).toBe(`Step ${step} of ${stepCount}`);
    expect(await headerStatus.textContent()).toBe(
      step === stepCount ? 'Replay finished' : `Paused · step ${step} of ${stepCount}`,
    );
    const shown = await threadTexts(page);
    lengths.push(shown.length);
    expect(fullThread.slice(0, shown.length - 1)).toEqual(shown.slice(0, -1));
    if (step === 4) {
      // The plan panel shows the plan as it stood: written, nothing completed yet.
      expect((await planSummary(page)).phases).toEqual(['Write the list:active', 'Check it:pending']);
      expect(await screenshotEverywhere(harness, 'replay-controls')).toEqual([]);
    }
  }
  expect(lengths).toEqual([...lengths].sort((first, second) => first - second));
  expect(lengths.at(-1)).toBe(fullThread.length);
  expect(await threadTexts(page)).toEqual(fullThread);
  expect(await planSummary(page)).toEqual(fullPlan);
  await expect
    .poll(() =>
      page.getByRole('complementary', { name: 'Computer' }).locator('.scrubber-count').textContent(),
    )
    .toMatch(/^Step (\d+) of \1$/);
  expect(await computer.locator('.live-toggle').textContent()).toBe('Latest');
  expect(await header.textContent()).not.toMatch(/\b(Done|Live)\b/);
  expect(await computer.locator('.details-header').textContent()).not.toMatch(/\b(Done|Live)\b/);

  // Keys: ← steps back, → forward, Space plays (and the replay moves on by itself), Esc leaves.
  await page.locator('.thread-scroller').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position.textContent()).toBe(`Step ${stepCount - 1} of ${stepCount}`);
  await slider.fill('2');
  await expect.poll(() => position.textContent()).toBe(`Step 2 of ${stepCount}`);
  await page.locator('.thread-scroller').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position.textContent()).toBe(`Step 3 of ${stepCount}`);
  // At 1× (not 8×): the steps left play for a second or more, long enough to be seen playing on a busy machine.
  await controls.getByRole('combobox', { name: 'Replay speed' }).selectOption('1');
  await page.locator('.thread-scroller').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(' ');
  await controls.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  expect(await headerStatus.textContent()).toMatch(new RegExp(`^Replaying · step \\d+ of ${stepCount}$`));
  // It plays on by itself to the last step, then stops.
  await controls.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 15_000 });
  expect(await position.textContent()).toBe(`Step ${stepCount} of ${stepCount}`);
  expect(await headerStatus.textContent()).toBe('Replay finished');
  expect(await controls.getByRole('status').textContent()).toBe('Replay finished');
  await page.keyboard.press('Escape');
  await controls.waitFor({ state: 'detached' });
  // Out of the replay, the conversation's own status is back.
  expect(await header.locator('[data-conversation-status]').textContent()).toBe('Done');
  expect(await computer.locator('.live-toggle').textContent()).toBe('Live');
  await expect.poll(() => threadTexts(page)).toEqual(fullThread);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
});

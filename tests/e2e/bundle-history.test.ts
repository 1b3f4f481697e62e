import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { shellExec as shell } from '../fixtures/scripted-steps.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { importThroughPicker, openConversationId, startPausedReplay } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

/** Each action row's uuid and its "N files changed" (empty when it changed nothing), in thread order. */
function changeChips(page: Page): Promise<string[]> {
  return page
    .locator('.action-row')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.getAttribute('data-uuid')} ${row.getAttribute('data-action-type')}: ${row.querySelector('.action-changes')?.textContent ?? ''}`,
      ),
    );
}

/**
 * Opens the action's changes in the Computer panel, then one path's diff (leaving open
 * what is open already); returns the diff's -/+ lines.
 */
async function openDiff(page: Page, uuid: string, path: string): Promise<string[]> {
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await page.locator(`.action-row[data-uuid="${uuid}"]`).click();
  // The toggle's name starts with its caret (CSS content).
  const toggle = panel.getByRole('button', { name: /\d+ files? changed$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const row = panel.locator('.changed-path').filter({ hasText: path }).getByRole('button');
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  const diff = panel.getByRole('region', { name: `Diff of ${path}` });
  await diff.locator('.file-diff-line.is-added').first().waitFor();
  return diff.locator('.file-diff-line.is-removed, .file-diff-line.is-added').allTextContents();
}

it('carries what each step changed through export and import, and shows it in the import and its replay', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/notes/todo.md',
      text: '# Todo\n- buy milk\n- call Ada\n',
    }),
    shell('sed -i "s/buy milk/buy oat milk/" notes/todo.md'),
    shell('printf "draft" > notes/draft.txt && mv notes/draft.txt notes/final.txt'),
    shell('rm notes/final.txt'),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Keep my todo list');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const originalId = await openConversationId(page);
  const sedRow = page.locator('[data-action-type="shell.exec"]').first();
  await expect.poll(() => sedRow.locator('.action-changes').textContent()).toBe('1 file changed');
  // Each step's chip comes with the thread's next reading of the checkpoints: under load the
  // later steps' may come after the sed's (seen in a CI run: 2 of 4 at first).
  const changedChips = async () =>
    (await changeChips(page)).filter((chip) => / \d+ files? changed$/.test(chip));
  await expect.poll(changedChips).toHaveLength(4);
  const chips = await changeChips(page);
  const sedUuid = (await sedRow.getAttribute('data-uuid')) ?? '';
  const sedDiff = await openDiff(page, sedUuid, 'notes/todo.md');
  expect(sedDiff).toEqual(['-- buy milk', '+- buy oat milk']);

  // Export through the conversation menu: the bundle carries the history.
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export bundle' }).click(),
  ]);
  const bundle = new Uint8Array(await readFile(await download.path()));
  const names = Object.keys(unzipSync(bundle));
  expect(names).toEqual(expect.arrayContaining(['history/changes.json', 'history/checkpoints.json']));
  expect(names.filter((name) => name.startsWith('history/blobs/')).length).toBeGreaterThan(0);

  // Import it back: a new conversation, whose steps say what they changed, as the original's did.
  await importThroughPicker(page, download.suggestedFilename(), bundle);
  await expect.poll(() => openConversationId(page)).not.toBe(originalId);
  await page.locator('[data-action-type="message.result"]').waitFor();
  await expect.poll(() => changeChips(page)).toEqual(chips);
  expect(await openDiff(page, sedUuid, 'notes/todo.md')).toEqual(sedDiff);
  await page.waitForTimeout(400);
  await harness.screenshot('bundle-history-imported-1440-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await harness.screenshot('bundle-history-imported-1440-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Replay the import: a step shows its changes there too.
  const { controls, stepCount, goTo } = await startPausedReplay(page);
  await goTo(stepCount - 1);
  expect(await page.locator('[data-action-type="message.result"]').count()).toBe(0);
  await expect.poll(() => sedRow.locator('.action-changes').textContent()).toBe('1 file changed');
  expect(await openDiff(page, sedUuid, 'notes/todo.md')).toEqual(sedDiff);
  await page.waitForTimeout(400);
  await harness.screenshot('bundle-history-replay-1440-light');

  // Leave the replay; at phone width, the import's thread with its chips, then the step's diff in the sheet.
  await page.keyboard.press('Escape');
  await controls.waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(600);
  await sedRow.scrollIntoViewIfNeeded();
  expect(await sedRow.locator('.action-changes').textContent()).toBe('1 file changed');
  await harness.screenshot('bundle-history-imported-390-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await openDiff(page, sedUuid, 'notes/todo.md')).toEqual(sedDiff);
  await page.waitForTimeout(600);
  const box = await page.getByRole('region', { name: 'Diff of notes/todo.md' }).boundingBox();
  if (!box) throw new Error('The diff has no box at 390 px.');
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await harness.screenshot('bundle-history-diff-390-dark');
});

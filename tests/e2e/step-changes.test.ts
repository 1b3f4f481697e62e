import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const shell = (command: string) => call('shell', { action: 'exec', session: 'main', command });

it('shows what each step changed in the workspace, shell commands included, with the diff of a text file', async () => {
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
    shell('cat notes/todo.md'),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Keep my todo list');
  await page.locator('[data-action-type="message.result"]').waitFor();
  const rows = page.locator('.action-row');
  const changed = async (actionType: string, index: number) =>
    (
      await rows
        .and(page.locator(`[data-action-type="${actionType}"]`))
        .nth(index)
        .locator('.action-changes')
        .allTextContents()
    )[0] ?? '';
  await expect.poll(() => changed('file.write', 0)).toBe('2 files changed');
  expect(await rows.and(page.locator('[data-action-type="shell.exec"]')).count()).toBe(4);
  expect(await changed('shell.exec', 0)).toBe('1 file changed');
  expect(await changed('shell.exec', 1)).toBe('1 file changed');
  expect(await changed('shell.exec', 2)).toBe('1 file changed');
  // A command that changed nothing says nothing.
  expect(await changed('shell.exec', 3)).toBe('');

  // The sed -i step: its one file, and the line it changed.
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await page.locator('[data-action-type="shell.exec"]').nth(0).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  const path = panel.locator('.changed-path');
  await expect.poll(() => path.locator('.changed-path-name').allTextContents()).toEqual(['notes/todo.md']);
  expect(await path.locator('.changed-path-kind').textContent()).toBe('modified');
  await path.getByRole('button').click();
  const diff = panel.getByRole('region', { name: 'Diff of notes/todo.md' });
  await expect
    .poll(() => diff.locator('.file-diff-line.is-removed').allTextContents())
    .toEqual(['-- buy milk']);
  expect(await diff.locator('.file-diff-line.is-added').allTextContents()).toEqual(['+- buy oat milk']);
  expect(await diff.locator('.file-diff-counts').textContent()).toBe('+1 −1');
  await harness.screenshot('step-changes-diff');

  // The move inside one command is what it left: the final file, added (the draft never outlived it).
  await page.locator('[data-action-type="shell.exec"]').nth(1).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await expect.poll(() => panel.locator('.changed-path-name').allTextContents()).toEqual(['notes/final.txt']);
  expect(await panel.locator('.changed-path-kind').textContent()).toBe('added');
  // The rm: deleted, its old bytes still shown.
  await page.locator('[data-action-type="shell.exec"]').nth(2).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await panel.locator('.changed-path').getByRole('button').click();
  await expect.poll(() => panel.locator('.file-diff-line.is-removed').allTextContents()).toEqual(['-draft']);

  // At phone width the panel is a sheet; the list still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  // The thread alone (the Computer sheet closed, the sidebar's drawer shut).
  await page.keyboard.press('Escape');
  await page.waitForTimeout(600);
  await page.locator('[data-action-type="shell.exec"]').nth(0).scrollIntoViewIfNeeded();
  await harness.screenshot('step-changes-thread-phone');
  await page.locator('[data-action-type="shell.exec"]').nth(0).click();
  await panel.getByRole('button', { name: '1 file changed' }).click();
  await panel.locator('.changed-path').getByRole('button').click();
  await panel.getByRole('region', { name: 'Diff of notes/todo.md' }).waitFor();
  // The sheet slides in: the picture waits for it to settle.
  await page.waitForTimeout(600);
  const box = await panel.getByRole('region', { name: 'Diff of notes/todo.md' }).boundingBox();
  if (!box) throw new Error('The diff has no box at 390 px.');
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await harness.screenshot('step-changes-phone');
});

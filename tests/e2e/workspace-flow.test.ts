import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { call, TODO_TASK, todoWorkspaceFlow } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

/** What xterm's DOM renderer shows, one line per row, with its non-breaking spaces made plain. */
function terminalText(page: Page): Promise<string> {
  return page.locator('.terminal-host .xterm-rows').evaluate((rows) =>
    [...rows.children]
      .map((row) => (row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd())
      .join('\n')
      .trimEnd(),
  );
}

function codeText(page: Page): Promise<string> {
  return page.locator('.code-text').innerText();
}

it('writes, edits, runs and finds a file, shows it in the Computer panel, and keeps it after a reload', async () => {
  const { page, model } = harness;
  model.setScript(todoWorkspaceFlow());
  await harness.sendTask(TODO_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor();
  expect(await statuses(page, 'file.write')).toEqual(['success']);
  expect(await statuses(page, 'file.edit')).toEqual(['success']);
  expect(await statuses(page, 'shell.exec')).toEqual(['success', 'success', 'success']);
  expect(await statuses(page, 'match.grep')).toEqual(['success']);
  const panel = page.getByRole('complementary', { name: 'Computer' });

  // The grep step: a terminal with the session's transcript up to that step, and no further.
  await page.locator('[data-action-type="shell.exec"]').nth(1).click();
  await expect.poll(() => panel.getByRole('tab', { selected: true }).textContent()).toBe('Terminal');
  await expect.poll(() => terminalText(page), { timeout: 15_000 }).toContain('2:- buy oat milk');
  const transcript = await terminalText(page);
  expect(transcript).toContain('$ cat notes/todo.md');
  expect(transcript).toContain('# Todo');
  expect(transcript).toContain('$ grep -n milk notes/todo.md');
  expect(transcript.indexOf('$ cat notes/todo.md')).toBeLessThan(transcript.indexOf('$ grep -n milk'));
  expect(transcript).not.toContain('notes/done.md');

  // The failing `cat`: its stderr in red, and its exit code.
  await page.locator('[data-action-type="shell.exec"]').nth(2).click();
  await expect.poll(() => terminalText(page)).toContain('$ cat notes/done.md');
  await expect
    .poll(() => page.locator('.terminal-host .xterm-rows .xterm-fg-1').allTextContents())
    .toEqual(expect.arrayContaining([expect.stringContaining('notes/done.md')]));
  expect(await panel.locator('.exit-code').textContent()).toBe('exit 1');
  await harness.screenshot('workspace-terminal');

  // "Raw" shows the envelope as today's JSON view, and switches back.
  const raw = panel.getByRole('button', { name: 'Raw' });
  await raw.click();
  await expect.poll(() => panel.locator('.json-view').textContent()).toContain('"exit_code": 1');
  expect(await panel.locator('.terminal-host').count()).toBe(0);
  await raw.click();
  await panel.locator('.terminal-host').waitFor();

  // The edit: its summary and the file's current text with highlighting.
  await page.locator('[data-action-type="file.edit"]').click();
  const summary = panel.getByRole('region', { name: 'Edit summary' });
  await expect.poll(() => summary.textContent()).toContain('buy milk');
  expect(await summary.textContent()).toContain('1 replacement');
  await expect.poll(() => codeText(page)).toContain('- buy oat milk');
  await expect.poll(() => panel.locator('.code-text .hljs-section').count()).toBeGreaterThan(0);

  // The search: results in context; a result opens the file at its line in the Files tab.
  await page.locator('[data-action-type="match.grep"]').click();
  const result = panel.getByRole('button', { name: 'Line 2: - buy oat milk' });
  await result.waitFor();
  expect(await result.textContent()).toContain('# Todo');
  expect(await result.locator('mark').textContent()).toBe('oat milk');
  await result.press('Enter');
  await expect.poll(() => panel.getByRole('tab', { selected: true }).textContent()).toBe('Files');
  await panel.locator('.code-mark[data-line="2"]').waitFor();
  expect(await codeText(page)).toContain('- buy oat milk');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
    'Back to all files',
  );

  // The tree works by keyboard: back to it, Left closes the folder, Right opens it, Enter opens the file.
  await panel.getByRole('button', { name: 'Back to all files' }).click();
  const folder = panel.getByRole('treeitem', { name: /^notes ?, folder/ });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-path')))
    .toBe('notes/todo.md');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await folder.getAttribute('aria-expanded')).toBe('false');
  await page.keyboard.press('ArrowRight');
  expect(await folder.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Opened from the tree, markdown is rendered; its source is a click away.
  await expect.poll(() => panel.locator('.markdown-preview li').first().textContent()).toBe('buy oat milk');
  await panel.getByRole('button', { name: 'Source', exact: true }).click();
  await expect.poll(() => codeText(page)).toContain('- buy oat milk');

  // One file, then the whole workspace as a zip named after the conversation.
  const [fileDownload] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download todo.md' }).click(),
  ]);
  expect(fileDownload.suggestedFilename()).toBe('todo.md');
  expect(await readFile(await fileDownload.path(), 'utf8')).toContain('- buy oat milk');
  await panel.getByRole('button', { name: 'Back to all files' }).click();
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download .zip' }).click(),
  ]);
  expect(zipDownload.suggestedFilename()).toBe('keep-a-todo-list-in-notes-todo-md.zip');
  const unzipped = unzipSync(new Uint8Array(await readFile(await zipDownload.path())));
  expect(Object.keys(unzipped)).toContain('notes/todo.md');
  expect(new TextDecoder().decode(unzipped['notes/todo.md'])).toBe(
    '# Todo\n- buy oat milk\n- call Ada\n- water the plants\n',
  );

  // After a reload the file is still in the workspace, with its edited text.
  await page.reload();
  await page.locator('[data-action-type="message.result"]').waitFor();
  await panel.getByRole('tab', { name: 'Files' }).click();
  await panel.getByRole('treeitem', { name: /^todo\.md ?, file/ }).click();
  await panel.getByRole('button', { name: 'Source', exact: true }).click();
  await expect.poll(() => codeText(page)).toContain('- buy oat milk');
  expect(await codeText(page)).not.toContain('- buy milk');
  // The result's attachment opens the same file.
  await panel.getByRole('button', { name: 'Back to all files' }).click();
  await page
    .getByRole('article', { name: 'Result' })
    .getByRole('button', { name: 'todo.md', exact: true })
    .click();
  await expect.poll(() => panel.locator('.file-path').textContent()).toBe('notes/todo.md');
  await harness.screenshot('workspace-file-after-reload');
});

it('shows a running command in the terminal while it runs, then its output', async () => {
  const { page, model } = harness;
  model.setScript([
    call('message', { type: 'info', text: 'Waiting a moment.' }),
    call('plan', { action: 'update', goal: 'Wait', phases: [{ id: 1, title: 'Wait', capabilities: {} }] }),
    call('shell', { action: 'exec', session: 'slow', command: 'sleep 4 && echo finally done' }),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask('Wait two seconds');
  const row = page.locator('[data-action-type="shell.exec"]');
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
  // Following live: the panel shows the running action, its command taken from the call.
  await expect.poll(() => terminalText(page)).toContain('$ sleep 4 && echo finally done');
  expect((await terminalText(page)).split('\n')).not.toContain('finally done');
  expect(await page.getByRole('complementary', { name: 'Computer' }).textContent()).toContain('Session slow');
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
  // The panel has moved on to the result; looking back at the command shows its output.
  await row.click();
  await expect
    .poll(async () => (await terminalText(page)).split('\n'))
    .toEqual(['$ sleep 4 && echo finally done', 'finally done']);
});

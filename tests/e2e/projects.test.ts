import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf } from '../fixtures/scenarios.ts';
import type { RecordedRequest } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { toastTexts } from './pwa-helpers.ts';

/**
 * Projects (issue 28): made in the sidebar with instructions and a knowledge file; a task
 * started in one gets the instructions and reads the file (read-only) at
 * /home/ubuntu/project/; its conversation is listed under the project; a task outside
 * gets neither. A project goes out as a zip and comes back after being deleted.
 */

const INSTRUCTIONS = 'Always answer in French.';
const GLOSSARY = '# Glossary\n- quai: a riverside street\n';
const PROJECT_FILE = '/home/ubuntu/project/glossary.md';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => harness?.close());

function systemText(request: RecordedRequest | undefined): string {
  const system = messagesOf(request).find((message) => (message as { role: string }).role === 'system');
  const content = (system as { content?: unknown } | undefined)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

/** What came back to the model from its steps: every message after the task, as text, of the last request. */
function stepResults(requests: readonly RecordedRequest[]): string {
  return JSON.stringify(messagesOf(requests.at(-1)).slice(2));
}

async function createProject(page: Page, name: string, files: { name: string; text: string }[]) {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Instructions', { exact: true }).fill(INSTRUCTIONS);
  if (files.length > 0) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Add files' }).click(),
    ]);
    await chooser.setFiles(
      files.map((file) => ({ name: file.name, mimeType: 'text/markdown', buffer: Buffer.from(file.text) })),
    );
    const list = dialog.getByRole('list', { name: 'Knowledge files' });
    await expect
      .poll(() => list.locator('.project-file-path').allTextContents())
      .toEqual(files.map((f) => f.name));
  }
  return dialog;
}

const projectItem = (page: Page, name: string) =>
  page.locator('.project-item').filter({ has: page.locator('.project-name', { hasText: name }) });

it('starts a task in a project with its instructions and read-only files, lists it under the project, and carries the project out and back as a zip', async () => {
  const { page, model } = harness;
  const dialog = await createProject(page, 'Trip to Lyon', [{ name: 'glossary.md', text: GLOSSARY }]);
  await expect
    .poll(() => dialog.locator('.project-file-size').allTextContents())
    .toEqual([`${Buffer.byteLength(GLOSSARY)} B`]);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const item = projectItem(page, 'Trip to Lyon');
  await item.waitFor();

  await page.getByRole('button', { name: 'New task in Trip to Lyon' }).click();
  await expect.poll(() => page.locator('.project-chip').textContent()).toBe('In project Trip to Lyon');
  model.setScript([
    acknowledge('D’accord.'),
    call('plan', {
      action: 'update',
      goal: 'Explain',
      phases: [{ id: 1, title: 'Explain', capabilities: {} }],
    }),
    call('file', { action: 'read', path: PROJECT_FILE, brief: 'Read the glossary' }),
    call('file', { action: 'write', path: '/home/ubuntu/project/x', text: 'mine', brief: 'Try to write' }),
    call('message', { type: 'result', text: 'Fini.' }),
  ]);
  await harness.sendTask('Explain quai');
  await page.locator('[data-action-type="message.result"]').waitFor();
  await model.waitForRequests(5);

  const first = systemText(model.requests[0]);
  expect(first).toContain('# Project: Trip to Lyon');
  expect(first).toContain(INSTRUCTIONS);
  expect(first).toContain(PROJECT_FILE);
  // The file read came back with the file's content; the write was refused as read-only.
  const results = stepResults(model.requests);
  expect(results).toContain('quai: a riverside street');
  expect(results).toContain('/home/ubuntu/project/x is read-only');
  // The chip is gone once the conversation started; the conversation is listed under the project, not by day.
  expect(await page.locator('.project-chip').count()).toBe(0);
  await expect.poll(() => item.locator('.conversation-title').allTextContents()).toEqual(['Explain quai']);
  expect(await page.locator('.conversation-group .conversation-title').allTextContents()).toEqual([]);

  // A task outside the project: neither the instructions nor the file's path.
  await page.getByRole('button', { name: 'New conversation' }).click();
  model.setScript([acknowledge('Hi.')]);
  await harness.sendTask('Say hi');
  await model.waitForRequests(1);
  expect(systemText(model.requests[0])).not.toContain(INSTRUCTIONS);
  expect(systemText(model.requests[0])).not.toContain('/home/ubuntu/project/');
  await expect
    .poll(() => page.locator('.conversation-group .conversation-title').allTextContents())
    .toEqual(['Say hi']);

  // Export, delete (its conversation stays, ungrouped), import: the project is back with its file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Export Trip to Lyon' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Trip-to-Lyon.zip');
  const zip = await readFile((await download.path())!);
  await item.getByRole('button', { name: 'Delete Trip to Lyon' }).click();
  await expect
    .poll(() => item.locator('.delete-question').textContent())
    .toBe(
      'Delete the project “Trip to Lyon” and its files? Its conversation stays, listed without a project.',
    );
  await item.getByRole('button', { name: 'Yes, delete' }).click();
  await item.waitFor({ state: 'detached' });
  await expect
    .poll(() => page.locator('.conversation-group .conversation-title').allTextContents())
    .toEqual(expect.arrayContaining(['Explain quai', 'Say hi']));

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import project' }).click(),
  ]);
  await chooser.setFiles({ name: 'Trip-to-Lyon.zip', mimeType: 'application/zip', buffer: zip });
  await projectItem(page, 'Trip to Lyon').waitFor();
  await projectItem(page, 'Trip to Lyon').getByRole('button', { name: 'Edit Trip to Lyon' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit project' });
  expect(await editor.getByLabel('Instructions', { exact: true }).inputValue()).toBe(INSTRUCTIONS);
  expect(await editor.locator('.project-file-path').allTextContents()).toEqual(['glossary.md']);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // A zip that is not a project is refused with the reason, and nothing is added.
  const [refusedChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import project' }).click(),
  ]);
  await refusedChooser.setFiles({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('not a zip'),
  });
  await expect
    .poll(() => toastTexts(page))
    .toContainEqual(
      expect.stringContaining('Could not import notes.zip: This is not a project Sandpiper can import'),
    );
  expect(await page.locator('.project-item').count()).toBe(1);
});

it('refuses a project without a name, with the reason under the field', async () => {
  const { page } = harness;
  const dialog = await createProject(page, '   ', []);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  const name = dialog.getByLabel('Name', { exact: true });
  await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.getByRole('alert').textContent()).toBe('Give the project a name.');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('project-edit-name');
});

/** How far the open New project dialog's content reaches past its right edge (0: no sideways scrolling). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page
    .getByRole('dialog', { name: 'New project' })
    .evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
}

it('opens New project without a sideways scrollbar, at 1440 and at 390 px', async () => {
  const { page } = harness;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await createProject(page, 'Trip notes', [{ name: 'glossary.md', text: GLOSSARY }]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await harness.screenshot(`project-dialog-1440-${colorScheme}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await createProject(page, 'Trip notes', [
      { name: 'a-knowledge-file-with-a-rather-long-name.md', text: GLOSSARY },
    ]);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await harness.screenshot(`project-dialog-390-${colorScheme}`);
    await page.getByRole('dialog', { name: 'New project' }).getByRole('button', { name: 'Cancel' }).click();
    // The sidebar drawer closes again.
    await page.keyboard.press('Escape');
  }
});

import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { shellExec } from '../fixtures/scripted-steps.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import {
  conversationButton,
  descriptionOf,
  openConversationId,
  waitOrSay,
  workspaceFiles,
} from './pwa-helpers.ts';

/*
 * "forks from a step of an imported conversation: the bundle carries the checkpoints" went
 * (issue 41): it ran the whole task again, Python's cold start included, to prove what
 * tests/integration/bundle-history.test.ts ('gives the import the same changes per step, the
 * same counts, and the same workspace at every step') and conversation-checkpoints.test.ts
 * ('makes a new conversation with the steps up to one and the workspace as it was then, the
 * original untouched') prove without a browser; export and import through the page are
 * bundle-roundtrip's, and its sidebar marks are checked here on the first test's fork.
 */
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

/** A workspace as path → SHA-256 of its bytes (folders as "folder"), read from IndexedDB. */
async function workspaceHashes(page: Page, conversationId: string): Promise<Record<string, string>> {
  const [files, entries] = await Promise.all([
    workspaceFiles(page, conversationId, 'base64'),
    workspaceFiles(page, conversationId),
  ]);
  return Object.fromEntries(
    Object.entries(entries).map(([path, text]) => [
      path,
      text.startsWith('directory:')
        ? 'folder'
        : createHash('sha256')
            .update(Buffer.from(files[path] ?? '', 'base64'))
            .digest('hex'),
    ]),
  );
}

const rowsOf = (page: Page, actionType: string) =>
  page.locator(`.action-row[data-action-type="${actionType}"]`);
/** Clicks an action row, opening the folded phase groups first (finished phases fold). */
async function select(page: Page, actionType: string, index: number): Promise<void> {
  const folded = page.locator('.phase-group-header[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await rowsOf(page, actionType).nth(index).click();
}

const changedOn = async (page: Page, actionType: string, index: number) =>
  (await rowsOf(page, actionType).nth(index).locator('.action-changes').allTextContents())[0] ?? '';

/**
 * A run that writes, edits with `sed -i`, writes with Python, asks (the workspace after the
 * Python step is recorded then, apart from the history), then moves and removes a file.
 */
async function runToTheEnd(): Promise<{
  id: string;
  afterPython: Record<string, string>;
  atEnd: Record<string, string>;
}> {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', { action: 'write', path: '/home/ubuntu/notes/todo.md', text: '# Todo\n- buy milk\n' }),
    shellExec('sed -i "s/buy milk/buy oat milk/" notes/todo.md'),
    shellExec(`python3 -c "open('notes/count.txt', 'w').write(str(6 * 7))"`),
    call('message', { type: 'ask', text: 'Keep going?', suggested_action: 'none', brief: 'checkpoint' }),
  ]);
  await harness.sendTask('Keep my notes');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  // The Python step starts Pyodide cold (a fresh context has nothing cached): seconds alone,
  // more beside another file's browser. Once in a CI run the question had not come at 30 s.
  await waitOrSay(page, reply, 'The question after the write, sed -i and Python steps', 60_000);
  const id = await openConversationId(page);
  // Recorded here, independently of the history: the workspace after the Python step (the question changed nothing).
  const afterPython = await workspaceHashes(page, id);
  expect(Object.keys(afterPython)).toEqual(
    expect.arrayContaining(['notes', 'notes/todo.md', 'notes/count.txt']),
  );

  model.push(
    shellExec('mv notes/count.txt notes/answer.txt'),
    shellExec('rm notes/todo.md'),
    call('message', { type: 'result', text: 'Done.' }),
  );
  await reply.fill('Yes');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page.locator('[data-action-type="message.result"]').waitFor();
  const atEnd = await workspaceHashes(page, id);
  expect(atEnd['notes/answer.txt']).toBe(afterPython['notes/count.txt']);
  expect(atEnd['notes/todo.md']).toBeUndefined();

  return { id, afterPython, atEnd };
}

it('rewinds to a step (the workspace as recorded then, undoable) and forks from it (a new conversation, the original unchanged)', async () => {
  const { page, model } = harness;
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const { id, afterPython, atEnd } = await runToTheEnd();

  // Each step's change set, whatever tool made it: the write (its file, not the folder it made), sed -i,
  // Python, mv (a delete and an add), rm.
  const chips = async () => [
    await changedOn(page, 'file.write', 0),
    ...(await Promise.all([0, 1, 2, 3].map((index) => changedOn(page, 'shell.exec', index)))),
  ];
  await expect
    .poll(chips)
    .toEqual(['1 file changed', '1 file changed', '1 file changed', '2 files changed', '1 file changed']);
  await select(page, 'shell.exec', 2);
  await panel.getByRole('button', { name: '2 files changed' }).click();
  await expect
    .poll(() => panel.locator('.changed-path-name').allTextContents())
    .toEqual(['notes/answer.txt', 'notes/count.txt']);
  expect(await panel.locator('.changed-path-kind').allTextContents()).toEqual(['added', 'deleted']);

  // Rewind to the Python step: a confirmation says what goes.
  await select(page, 'shell.exec', 1);
  await panel.getByRole('button', { name: 'Rewind to here' }).click();
  const question = panel.locator('.delete-question');
  await expect
    .poll(() => question.textContent())
    .toBe(
      'Rewind to this step? 4 later steps and 1 message of yours leave the conversation, and 3 workspace files go back to how they were after this step. You can undo it until you send your next message.',
    );
  await harness.screenshot('checkpoints-rewind-confirm');
  await panel.getByRole('button', { name: 'Rewind', exact: true }).click();
  await page.locator('.rewound-line').waitFor();
  await expect.poll(() => workspaceHashes(page, id)).toEqual(afterPython);
  expect(await page.locator('[data-action-type="message.result"]').count()).toBe(0);
  expect(await rowsOf(page, 'shell.exec').count()).toBe(2);
  await harness.screenshot('checkpoints-rewound');

  // Undo: everything comes back, the workspace as it was at the end.
  await page.getByRole('button', { name: 'Undo rewind' }).click();
  await page.locator('[data-action-type="message.result"]').waitFor();
  await expect.poll(() => workspaceHashes(page, id)).toEqual(atEnd);
  expect(await page.locator('.rewound-line').count()).toBe(0);
  expect(await rowsOf(page, 'shell.exec').count()).toBe(4);
  await expect.poll(() => changedOn(page, 'shell.exec', 2)).toBe('2 files changed');

  // Fork from the Python step: a new conversation opens with that workspace and the steps up to it.
  const eventsBefore = await page.locator('.thread-item').count();
  await select(page, 'shell.exec', 1);
  await panel.getByRole('button', { name: 'Fork from here' }).click();
  await page.waitForFunction((original) => !window.location.hash.endsWith(original), id);
  const forkId = await openConversationId(page);
  await page.locator('.fork-origin').waitFor();
  expect(await page.locator('.fork-origin').textContent()).toContain('Forked from “Keep my notes”');
  await expect.poll(() => workspaceHashes(page, forkId)).toEqual(afterPython);
  expect(await rowsOf(page, 'shell.exec').count()).toBe(2);
  expect(await page.locator('[data-action-type="message.ask"]').count()).toBe(0);
  // The sidebar marks the fork, with where it came from.
  await expect.poll(() => descriptionOf(conversationButton(page, forkId))).toMatch(/^Forked /);
  expect(await conversationButton(page, forkId).locator('.conversation-origin').getAttribute('title')).toBe(
    'Forked from “Keep my notes”',
  );
  await harness.screenshot('checkpoints-fork');

  // The fork's next run sends the history up to the step only.
  model.setScript([
    acknowledge('Carrying on from the Python step.'),
    planNotes(),
    call('message', { type: 'result', text: 'Carried on in the fork.' }),
  ]);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Carry on from here');
  await composer.press('Enter');
  // The run ends with the result (after the acknowledgment and the plan the rules ask for).
  await page.locator('[data-action-type="message.result"]').waitFor();
  const first = JSON.stringify(messagesOf(model.requests[0]));
  expect(first).toContain('python3 -c');
  expect(first).toContain('Carry on from here');
  // No request of the fork's run holds a step after the fork point (the question, the mv, the rm).
  for (const request of model.requests) {
    const sent = JSON.stringify(messagesOf(request));
    expect(sent).not.toContain('mv notes/count.txt');
    expect(sent).not.toContain('rm notes/todo.md');
    expect(sent).not.toContain('Keep going?');
  }

  // The original is unchanged, and marks where it was forked.
  await page.getByRole('button', { name: 'Open the original' }).click();
  await page.locator('[data-action-type="message.result"]').waitFor();
  expect(await openConversationId(page)).toBe(id);
  expect(await descriptionOf(conversationButton(page, id))).toBe('Done');
  expect(await workspaceHashes(page, id)).toEqual(atEnd);
  await expect.poll(() => page.locator('.thread-item').count()).toBe(eventsBefore);
  await expect.poll(() => page.locator('.fork-mark').count()).toBe(1);
  expect(await page.locator('.fork-mark').textContent()).toContain('Forked here into');

  // At phone width the step's buttons fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await select(page, 'shell.exec', 0);
  await panel.getByRole('button', { name: 'Fork from here' }).waitFor();
  await page.waitForTimeout(600);
  const box = await panel.locator('.checkpoint-actions').boundingBox();
  if (!box) throw new Error('The step’s rewind and fork buttons have no box at 390 px.');
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await harness.screenshot('checkpoints-phone');
  // The thread at phone width: a message's own buttons sit under it, quiet.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(600);
  await page.locator('.user-item').first().scrollIntoViewIfNeeded();
  await harness.screenshot('checkpoints-phone-thread');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
});

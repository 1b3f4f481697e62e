import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { shellExec as shell } from '../fixtures/scripted-steps.ts';
import { type AppHarness, showSettingsSection, startApp } from './app-harness.ts';
import { openConversationId, screenshotEverywhere, workspaceFiles } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const TITLE = 'Keep my todo list';
const write = (text: string) => call('file', { action: 'write', path: '/home/ubuntu/notes/todo.md', text });
const result = (text: string) => call('message', { type: 'result', text });

/** A conversation's checkpoints and its messages' seqs, as IndexedDB holds them. */
function storedCheckpoints(
  page: Page,
  conversationId: string,
): Promise<{ checkpoints: { seq: number; uuid?: string }[]; messageSeqs: number[] }> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('sandpiper');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const transaction = request.result.transaction(['checkpoints', 'events'], 'readonly');
          const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
          const checkpoints = transaction.objectStore('checkpoints').getAll(range);
          const events = transaction.objectStore('events').getAll(range);
          transaction.onerror = () => reject(transaction.error);
          transaction.oncomplete = () => {
            request.result.close();
            resolve({
              checkpoints: (checkpoints.result as { seq: number; uuid?: string }[]).map(({ seq, uuid }) => ({
                seq,
                ...(uuid ? { uuid } : {}),
              })),
              messageSeqs: (events.result as { seq: number; body: { type: string } }[])
                .filter((event) => event.body.type === 'user_message')
                .map((event) => event.seq),
            });
          };
        };
      }),
    conversationId,
  );
}

/** Opens every folded phase of the thread, so each step's row shows. */
async function unfoldPhases(page: Page): Promise<void> {
  const folded = page.locator('.phase-group-header[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await page.locator('[data-action-type="shell.exec"]').first().waitFor();
}

/** "4.2 KB" → bytes (as `formatBytes` writes them, 1 KB = 1024). */
function parseBytes(text: string): number {
  const match = /^([\d.]+) (B|KB|MB)$/.exec(text.trim());
  if (!match) throw new Error(`Not a size: ${text}`);
  return Number(match[1]) * { B: 1, KB: 1024, MB: 1024 ** 2 }[match[2] as 'B' | 'KB' | 'MB'];
}

it('prunes a conversation’s checkpoints from Settings → Storage after saying what goes, keeping each message’s', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    write('# Todo\n- buy milk\n- call Ada\n'),
    shell('sed -i "s/buy milk/buy oat milk/" notes/todo.md'),
    shell('printf "draft" > notes/draft.txt && mv notes/draft.txt notes/final.txt'),
    write('# Todo\n- buy oat milk\n- call Ada\n- water the plants\n'),
    shell('rm notes/final.txt'),
    result('Done.'),
  ]);
  await harness.sendTask(TITLE);
  await page.locator('[data-action-type="message.result"]').waitFor();
  // The workspace when the second message is sent (it brings no files): what going back to it restores.
  const afterFirstRun = await workspaceFiles(page, await openConversationId(page));
  model.push(acknowledge('Adding one more.'), planNotes(), write('# Todo\n- done\n'), result('Updated.'));
  await harness.sendTask('Mark everything done');
  await expect.poll(() => page.locator('[data-action-type="message.result"]').count()).toBe(2);
  const chips = page.locator('.action-row .action-changes');
  await expect.poll(() => chips.count()).toBe(6);
  await unfoldPhases(page);
  await page.locator('[data-action-type="file.write"]').first().scrollIntoViewIfNeeded();
  await harness.screenshot('history-pruning-thread-before-1440');
  const id = await openConversationId(page);
  const files = await workspaceFiles(page, id);
  const before = await storedCheckpoints(page, id);
  const steps = new Set(before.checkpoints.flatMap((each) => (each.uuid ? [each.uuid] : []))).size;
  expect(steps).toBeGreaterThan(6);
  expect(before.messageSeqs).toHaveLength(2);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Storage');
  const storage = dialog.getByRole('region', { name: 'Storage' });
  const row = storage.getByRole('listitem').filter({ hasText: TITLE });
  const sizes = row.locator('.storage-sizes');
  const figures = async () => {
    const match = /· workspace ([\d.]+ K?B) · (\d+) checkpoints ([\d.]+ K?B)$/.exec(
      (await sizes.textContent()) ?? '',
    );
    if (!match) throw new Error(`Unexpected sizes: ${await sizes.textContent()}`);
    return { workspace: match[1], count: Number(match[2]), bytes: parseBytes(match[3] ?? '') };
  };
  await expect.poll(async () => (await sizes.textContent()) ?? '').toMatch(/checkpoints/);
  const costBefore = await figures();
  expect(costBefore.count).toBe(before.checkpoints.length);
  expect(costBefore.bytes).toBeGreaterThan(0);

  // The question says what goes and what stays, and what it frees; Keep takes it back.
  const prune = row.getByRole('button', { name: `Prune checkpoints of ${TITLE}` });
  await prune.click();
  const question = row.locator('.storage-confirm-question');
  await expect
    .poll(() => question.textContent())
    .toMatch(
      new RegExp(
        `^Forget the per-step changes of ${steps} steps \\(what each changed, and its diffs\\)\\? You can still see and go back to each of your messages; the files now stay as they are\\. Frees about [\\d.]+ K?B\\.$`,
      ),
    );
  expect(
    await screenshotEverywhere(harness, 'history-pruning-question', () => row.scrollIntoViewIfNeeded()),
  ).toEqual([]);
  await row.getByRole('button', { name: 'Keep' }).click();
  expect((await storedCheckpoints(page, id)).checkpoints).toEqual(before.checkpoints);

  await prune.click();
  await row.getByRole('button', { name: 'Yes, prune' }).click();
  const outcome = row.getByRole('status');
  await expect
    .poll(() => outcome.textContent())
    .toMatch(
      new RegExp(`^Pruned the checkpoints of ${steps} steps; kept 2 message checkpoints; freed about`),
    );
  await expect.poll(async () => (await figures()).count).toBe(2);
  const costAfter = await figures();
  expect(costAfter.bytes).toBeLessThan(costBefore.bytes);
  expect(costAfter.workspace).toBe(costBefore.workspace);
  expect(await prune.isDisabled()).toBe(true);
  expect(
    await screenshotEverywhere(harness, 'history-pruning-done', () => row.scrollIntoViewIfNeeded()),
  ).toEqual([]);

  // Each message keeps its checkpoint; the steps' are gone, and the files now are untouched.
  const after = await storedCheckpoints(page, id);
  expect(after.checkpoints).toEqual(before.messageSeqs.map((seq) => ({ seq })));
  expect(await workspaceFiles(page, id)).toEqual(files);

  // The thread's steps no longer say what they changed.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => chips.count()).toBe(0);
  await unfoldPhases(page);
  expect(await page.locator('[data-action-type="shell.exec"]').count()).toBe(3);
  expect(
    await screenshotEverywhere(harness, 'history-pruning-thread', () =>
      page.locator('[data-action-type="file.write"]').first().scrollIntoViewIfNeeded(),
    ),
  ).toEqual([]);

  // A step offers no rewind any more; the second message still does, and puts back the workspace it saw.
  await page.locator('[data-action-type="shell.exec"]').first().click();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await panel.locator('.action-view').waitFor();
  expect(await panel.getByRole('button', { name: 'Rewind to here' }).count()).toBe(0);
  const second = page.locator('.user-item').filter({ hasText: 'Mark everything done' });
  await second.hover();
  await second.getByRole('button', { name: 'Rewind to here' }).click();
  await expect
    .poll(() => second.locator('.delete-question').textContent())
    .toMatch(
      /^Rewind to this message\? \d+ later steps leave the conversation, and 1 workspace file goes back/,
    );
  await harness.screenshot('checkpoints-message-rewind');
  await second.getByRole('button', { name: 'Rewind', exact: true }).click();
  await page.locator('.rewound-line').waitFor();
  await expect.poll(() => workspaceFiles(page, id)).toEqual(afterFirstRun);
  expect(await page.locator('[data-action-type="message.result"]').count()).toBe(1);
});

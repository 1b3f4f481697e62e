import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { openConversationId, threadTexts } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const TASK = 'Count the files in the workspace';

it('runs the loop in one tab while the other follows live, and the other takes over when the first closes', async () => {
  const { page: first, context, model, app } = harness;
  model.setScript([
    acknowledge('Counting them now.'),
    call('plan', {
      action: 'update',
      goal: 'Count the files',
      phases: [
        { id: 1, title: 'Count', capabilities: {} },
        { id: 2, title: 'Report', capabilities: {} },
      ],
    }),
    call('shell', { action: 'exec', session: 'main', command: 'echo three files' }, { delayMs: 400 }),
    // The first tab waits on this answer and is closed before it comes.
    call('message', { type: 'info', text: 'This answer never arrives.' }, { delayMs: 120_000 }),
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2, brief: 'Counted' }),
    call('message', { type: 'result', text: 'There are **three** files.' }),
  ]);
  await harness.sendTask(TASK);
  await model.waitForRequests(1);
  const id = await openConversationId(first);

  // The second tab opens the same conversation and follows it as it runs.
  const second = await context.newPage();
  const secondErrors: string[] = [];
  second.on('pageerror', (error) => secondErrors.push(error.message));
  await second.goto(`${app.url}/#/c/${encodeURIComponent(id)}`);
  await second.locator('[data-action-type="shell.exec"][data-status="success"]').waitFor({ timeout: 20_000 });
  await model.waitForRequests(4);
  await second.waitForTimeout(500);
  // One loop: four requests so far, one after the other, each extending the one before.
  expect(model.requests).toHaveLength(4);
  expect(await threadTexts(second)).toEqual(await threadTexts(first));
  expect(await second.locator('.conversation-item').getAttribute('data-status')).toBe('running');
  // The second tab cannot start a second run on it.
  await second.getByRole('textbox', { name: 'Message' }).fill('Also count the folders');
  await second.getByRole('button', { name: 'Send', exact: true }).click();
  await expect
    .poll(() => second.locator('.toast .toast-text').allTextContents())
    .toEqual([expect.stringContaining('running in another tab')]);

  // Closing the first tab: the second takes the run over and finishes it.
  await first.close();
  await second.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
  const thread = await threadTexts(second);
  expect(thread).toContain('The tab running this task was closed; continuing here.');
  expect(thread.at(-1)).toContain('There are three files.');
  await expect
    .poll(() => second.getByRole('region', { name: 'Plan' }).locator('[data-status="completed"]').count())
    .toBe(2);

  expect(model.requests).toHaveLength(6);
  expect(model.requests.map((request) => request.aborted)).toEqual([false, false, false, true, false, false]);
  for (let index = 1; index < model.requests.length; index += 1) {
    const previous = model.requests[index - 1]!;
    const current = model.requests[index]!;
    // Never two at once: each request starts after the previous one ended (or was dropped).
    if (!previous.aborted)
      expect(current.receivedAt).toBeGreaterThanOrEqual(previous.respondedAt ?? Infinity);
    // One append-only context: each request begins with the previous one's messages.
    expect(messagesOf(current).slice(0, messagesOf(previous).length)).toEqual(messagesOf(previous));
  }
  expect(secondErrors).toEqual([]);
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagesOf, NOTES_TASK, notesAppAfterAnswer, notesAppUntilQuestion } from '../fixtures/scenarios.ts';
import { type AppHarness, phaseStatuses, startApp } from './app-harness.ts';
import { envelopeStreams, recordStatusFlips, statusHistories } from './status-recorder.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

describe('seed 001 §11 one-pass validation in Chromium', () => {
  it('acknowledges, plans, asks (through a reload), advances phases and delivers a result', async () => {
    const { page, model } = harness;
    await recordStatusFlips(page);
    await page.reload();
    await harness.configure();

    const afterAnswer = notesAppAfterAnswer();
    // Slow two responses down so the test can watch phases flip.
    afterAnswer[1] = { ...afterAnswer[1], delayMs: 1200 };
    afterAnswer[5] = { ...afterAnswer[5], delayMs: 1200 };
    model.setScript([...notesAppUntilQuestion(), ...afterAnswer]);
    await harness.sendTask(NOTES_TASK);

    // 1. An immediate info acknowledgment.
    await expect.poll(() => page.locator('[data-action-type="message.info"]').count()).toBeGreaterThan(0);
    // 2. A plan with 5 phases, the first active.
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect
      .poll(() => phaseStatuses(page))
      .toEqual(['active', 'pending', 'pending', 'pending', 'pending']);
    await expect.poll(() => plan.textContent()).toContain('Build a notes application with authentication');
    // 4. The question with its reply box.
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.waitFor();
    await expect.poll(() => page.locator('body').textContent()).toContain('Which database do you prefer');
    await harness.screenshot('notes-flow-question');

    // Reload while the question is open: the reply box is still there.
    await page.reload();
    await reply.waitFor();
    await expect
      .poll(() => phaseStatuses(page))
      .toEqual(['active', 'pending', 'pending', 'pending', 'pending']);
    await reply.fill('SQLite');
    await page.getByRole('button', { name: 'Send reply' }).click();

    // 5. Phases flip pending → active → completed through plan.advance.
    await expect
      .poll(() => phaseStatuses(page))
      .toEqual(['completed', 'active', 'pending', 'pending', 'pending']);
    await expect
      .poll(() => phaseStatuses(page), { timeout: 10_000 })
      .toEqual(['completed', 'completed', 'completed', 'completed', 'active']);

    // 6. The result with its attachments in the given order; every phase completed.
    const result = page.locator('[data-action-type="message.result"]');
    await result.waitFor();
    await expect.poll(() => result.getAttribute('data-status')).toBe('success');
    await expect.poll(() => phaseStatuses(page)).toEqual(Array(5).fill('completed'));
    expect(await result.locator('table').count()).toBe(1);
    const attachments = await result.locator('.attachment-card').allTextContents();
    expect(attachments).toHaveLength(3);
    expect(attachments[0]).toContain('README');
    expect(attachments[1]).toContain('server.js');
    expect(attachments[2]).toContain('Live preview');
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);
    await harness.screenshot('notes-flow-result');

    // 3. Actions streamed running → success (recorded since the reload): every envelope begun
    // since arrived running, then success; every entry on the page shows success now.
    const streams = await envelopeStreams(page);
    const advances = streams.filter((stream) => stream[0] === 'plan.advance');
    expect(advances.length).toBeGreaterThanOrEqual(4);
    const begunSince = streams.filter((stream) => stream[1] === 'running');
    expect(begunSince.filter((stream) => stream.slice(1).join() !== 'running,success')).toEqual([]);
    // The question, begun before the reload, only completed since.
    expect(streams.filter((stream) => stream[1] !== 'running')).toEqual([['message.ask', 'success']]);
    const histories = await statusHistories(page);
    expect(histories.filter((history) => history[0] === 'plan.advance').length).toBeGreaterThanOrEqual(4);
    expect(histories.filter((history) => history.at(-1) !== 'now:success')).toEqual([]);

    // The context is append-only: each request starts with the previous request's messages unchanged.
    expect(model.requests).toHaveLength(9);
    for (let index = 1; index < model.requests.length; index += 1) {
      const previous = messagesOf(model.requests[index - 1]);
      const current = messagesOf(model.requests[index]);
      expect(
        JSON.stringify(current.slice(0, previous.length)),
        `request ${index + 1} extends request ${index}`,
      ).toBe(JSON.stringify(previous));
      expect(current.length).toBeGreaterThan(previous.length);
    }
  });
});

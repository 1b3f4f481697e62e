import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acknowledge,
  advance,
  call,
  calls,
  messagesOf,
  NOTES_TASK,
  planNotes,
} from '../fixtures/scenarios.ts';
import { type AppHarness, phaseStatuses, startApp, statuses } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const finish = () => call('message', { type: 'result', text: 'Done.' });

describe('loop rules in Chromium', () => {
  it('rejects an advance that skips a phase', async () => {
    const { page, model } = harness;
    model.setScript([acknowledge(), planNotes(), advance(1, 3), advance(1, 2), finish()]);
    await harness.sendTask(NOTES_TASK);
    await expect.poll(() => statuses(page, 'plan.advance')).toEqual(['error', 'success']);
    // Both advances ran in phase 1, folded under its header once phase 2 was current: opened to see them.
    const firstPhase = page.locator('.phase-group-header', { hasText: 'Clarify requirements' });
    await expect.poll(() => firstPhase.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => firstPhase.textContent()).toContain('2 steps · 1 failed');
    await firstPhase.click();
    const rejected = page.locator('[data-action-type="plan.advance"][data-status="error"]');
    await rejected.click();
    await expect
      .poll(() => page.locator('body').textContent())
      .toMatch(/must be 2, the next sequential phase/);
    // Advanced to phase 2, then the result completed it; phases 3–5 were never reached.
    await expect
      .poll(() => phaseStatuses(page))
      .toEqual(['completed', 'completed', 'pending', 'pending', 'pending']);
    await harness.screenshot('rule-skipped-advance');
  });

  it('shows an invalid call corrected by the model on the next step', async () => {
    const { page, model } = harness;
    model.setScript([
      acknowledge(),
      call('plan', { action: 'update', phases: 'oops' }),
      planNotes(),
      finish(),
    ]);
    await harness.sendTask(NOTES_TASK);
    await expect.poll(() => statuses(page, 'plan.update')).toEqual(['error', 'success']);
    await expect.poll(() => phaseStatuses(page)).toHaveLength(5);
    const correction = JSON.stringify(messagesOf(model.requests[2]).at(-1));
    expect(correction).toContain('Invalid arguments for `plan`');
  });

  it('runs only the first of two tool calls in one response', async () => {
    const { page, model } = harness;
    model.setScript([
      acknowledge(),
      planNotes(),
      calls(
        { name: 'message', arguments: { type: 'info', text: 'Only this one runs' } },
        { name: 'plan', arguments: { action: 'advance', current_phase_id: 1, next_phase_id: 2 } },
      ),
      finish(),
    ]);
    await harness.sendTask(NOTES_TASK);
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(await page.locator('[data-action-type="plan.advance"]').count()).toBe(0);
    await expect.poll(() => page.locator('body').textContent()).toContain('Only this one runs');
    expect((await phaseStatuses(page))[1]).not.toBe('active');
    const told = JSON.stringify(messagesOf(model.requests[3]));
    expect(told).toContain('only the first one runs');
  });

  it('asks the user after three failures in a row', async () => {
    const { page, model } = harness;
    model.setScript([
      acknowledge(),
      planNotes(),
      advance(1, 4),
      advance(1, 5),
      call('schedule', { type: 'interval', interval: 60, name: 'Digest', prompt: 'Send a digest' }),
    ]);
    await harness.sendTask(NOTES_TASK);
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.waitFor();
    await expect.poll(() => page.locator('body').textContent()).toMatch(/3 problems in a row/);
    expect(model.requests).toHaveLength(5);
    await harness.screenshot('rule-three-failures');
    model.push(finish());
    await reply.fill('Skip it and finish.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
  });

  it('stops during a slow model response', async () => {
    const { page, model } = harness;
    model.setScript([acknowledge(), planNotes(), { ...finish(), delayMs: 30_000 }]);
    await harness.sendTask(NOTES_TASK);
    await model.waitForRequests(3);
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.click();
    await expect.poll(() => model.requests[2]?.aborted, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => page.locator('body').textContent()).toContain('Stopped');
    await expect.poll(() => stop.isVisible().then((visible) => visible && stop.isEnabled())).toBe(false);
    await harness.screenshot('rule-stopped');

    // The conversation continues with the next message.
    model.push(acknowledge('Picking it back up.'), planNotes(), finish());
    await page.getByRole('textbox', { name: 'Message' }).fill('Please continue');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(model.requests).toHaveLength(6);
  });
});

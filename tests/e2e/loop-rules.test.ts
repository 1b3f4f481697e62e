import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, advance, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
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

/**
 * The loop's rules as the person sees them in Chromium: a rejected step shown failed, folded
 * under its phase with the count. The rules themselves are tested without a browser in
 * tests/integration/agent-loop.test.ts; four cases that were here proved only what those do
 * and went (issue 41): "shows an invalid call corrected by the model on the next step" ('turns
 * an invalid call into a validation observation the model can correct'), "runs only the first
 * of two tool calls in one response" ('runs only the first of two tool calls in one response
 * and tells the model'), "asks the user after three failures in a row" ('asks the user after
 * three consecutive failures and refuses an identical retry'; the Reply box is driven in
 * checkpoints and big-paste) and "stops during a slow model response" ('stops during a slow
 * model response: the request is aborted and the run ends'; Stop in the page is driven in
 * big-paste's first test, which checks the aborted request and the follow-up).
 */
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
});

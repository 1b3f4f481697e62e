import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;

beforeEach(async () => {
  harness = await startApp();
});
afterEach(async () => {
  await harness.close();
});

it('says in the thread when a server that ignores a forced step is switched to constrained mode, and goes on', async () => {
  const { page, model } = harness;
  await harness.configure({ toolCalls: 'auto' });
  model.setScript([
    acknowledge(),
    // The plan step is forced by name; this server lets the model call `message` again.
    call('message', { type: 'info', text: 'Still on it' }),
    planNotes(),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor();
  const notice = page.locator('[data-notice-kind="provider_adapted"]');
  expect(await notice.count()).toBe(1);
  // Plain words first: what happened, and that nothing is needed; no jargon on screen.
  expect(await notice.innerText()).toBe(
    'The model did not take the step it was asked to take, so Sandpiper now asks this model server in a stricter way that holds the model to the step, and asked again. Nothing is needed from you.\nTechnical details',
  );
  // The technical words behind a disclosure, closed until opened (by keyboard too).
  const details = notice.locator('details');
  expect(await details.getAttribute('open')).toBeNull();
  await notice.getByText('Technical details').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => details.getAttribute('open')).toBe('');
  expect(await details.locator('p').textContent()).toMatch(
    /did not hold a forced step.*JSON-schema grammar \(constrained mode\)/,
  );
  await harness.screenshot('server-adapted-details-1440');
  // The step it ignored is not shown as a failure: the same step was sent again, constrained.
  expect(await page.locator('[data-action-type="plan.update"]').count()).toBe(1);
  expect(model.requests.at(-1)?.body).toMatchObject({ response_format: { type: 'json_schema' } });
  await harness.screenshot('server-adapted-1440');
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const ask = (text: string, suggested: string) =>
  call('message', { type: 'ask', text, suggested_action: suggested });
const finish = () => call('message', { type: 'result', text: 'Done.' });
const lastMessage = (harnessModel: AppHarness['model']) =>
  JSON.stringify(messagesOf(harnessModel.requests.at(-1)).at(-1));

describe('questions render the control their suggested action asks for', () => {
  it('Confirm/Cancel for a sensitive browser operation; Confirm answers the question', async () => {
    const { page, model } = harness;
    model.setScript([
      acknowledge(),
      planNotes(),
      ask('Post the release notes to the blog?', 'confirm_browser_operation'),
      finish(),
    ]);
    await harness.sendTask(NOTES_TASK);
    await page.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(1);
    await harness.screenshot('ask-confirm');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(lastMessage(model)).toContain(JSON.stringify(CONFIRM_REPLY).slice(1, -1));
  });

  it('a Take over prompt, and an upgrade card that opens Settings', async () => {
    const { page, model } = harness;
    model.setScript([
      acknowledge(),
      planNotes(),
      ask('Please log in to the site, then hand back.', 'take_over_browser'),
      ask('Image generation needs a provider key.', 'upgrade_to_unlock_feature'),
      finish(),
    ]);
    await harness.sendTask(NOTES_TASK);
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('button', { name: 'Open settings' }).waitFor();
    await harness.screenshot('ask-upgrade');
    await page.getByRole('button', { name: 'Open settings' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Continue without it' }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(model.requests).toHaveLength(5);
  });

  it('fits a phone: one column, no horizontal scrolling, the reply box reachable', async () => {
    const { page, model } = harness;
    await page.setViewportSize({ width: 390, height: 844 });
    model.setScript([acknowledge(), planNotes(), ask('Which database?', 'none')]);
    await harness.sendTask(NOTES_TASK);
    await page.getByRole('textbox', { name: 'Reply' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await harness.screenshot('phone-question');
  });
});

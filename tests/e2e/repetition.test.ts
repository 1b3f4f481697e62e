import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, startApp } from './app-harness.ts';

/**
 * A model repeating itself, in Chromium: the thread shows the note the model was given,
 * then the runtime's question with Continue, Stop and the reply box.
 */
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const same = () => call('message', { type: 'info', text: 'Still working on it.' });
const finish = () => call('message', { type: 'result', text: 'Done.' });
const repeating = () => [acknowledge(), planNotes(), same(), same(), same(), same()];

async function waitForQuestion() {
  const { page } = harness;
  const card = page.getByRole('article', { name: 'The agent seems to be repeating itself' });
  await card.waitFor();
  await card.getByRole('button', { name: 'Continue', exact: true }).waitFor();
  return card;
}

describe('the agent repeating itself', () => {
  it('shows the note, then the question with Continue, Stop and a reply box; Continue goes on', async () => {
    const { page, model } = harness;
    model.setScript([...repeating(), finish()]);
    await harness.sendTask(NOTES_TASK);
    const card = await waitForQuestion();

    const note = page.locator('[data-notice-kind="repetition"]');
    expect(await note.count()).toBe(1);
    expect(await note.textContent()).toMatch(
      /^The agent was told it is repeating itself\s*You made the same call 3 times in a row/,
    );
    expect(await card.textContent()).toContain('I made the same call 4 times in a row');
    expect(await card.getByRole('button', { name: 'Stop', exact: true }).count()).toBe(1);
    const reply = card.getByRole('textbox', { name: 'Reply' });
    expect(await reply.count()).toBe(1);
    await expect.poll(() => reply.evaluate((element) => element === document.activeElement)).toBe(true);
    // One reply box while the question is open: the composer gives way to the card's.
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(1);
    await harness.screenshot('repetition-ask-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await harness.screenshot('repetition-ask-phone');
    await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await harness.screenshot('repetition-note-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(JSON.stringify(messagesOf(model.requests.at(-1)).at(-1))).toContain(CONFIRM_REPLY);
    expect(await card.textContent()).toContain('Answered');
  });

  it('Stop ends the run and says why; the replay shows the note as the thread does', async () => {
    const { page, model } = harness;
    model.setScript(repeating());
    await harness.sendTask(NOTES_TASK);
    const card = await waitForQuestion();
    await card.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-notice-kind="stopped"]').last().textContent())
      .toContain('Stopped: the agent was repeating itself.');
    expect(model.requests).toHaveLength(6);
    // Recorded as a stop, as the composer's Stop records it: no "Your reply: Cancel" the person never wrote.
    expect(await page.locator('.user-item.is-reply').count()).toBe(0);
    expect(await page.locator('.thread-body').getByText('Cancel', { exact: true }).count()).toBe(0);
    expect(await card.locator('.card-state').textContent()).toBe('Stopped');
    expect(await card.locator('.ask-outcome').textContent()).toBe('You stopped the task here.');
    // The Computer panel, following the last step, says the same: stopped, not failed.
    const chip = page
      .getByRole('complementary', { name: 'Computer' })
      .locator('.action-view .details-title .chip');
    await expect.poll(() => chip.textContent()).toBe('Stopped');
    const panelText = await page
      .getByRole('complementary', { name: 'Computer' })
      .locator('.action-view')
      .innerText();
    expect(panelText).toContain('You stopped the task here, without a reply.');
    expect(panelText).not.toContain('The user');
    await harness.screenshot('repetition-stopped');

    await page.getByRole('button', { name: 'Conversation actions' }).click();
    await page.getByRole('menuitem', { name: 'Replay' }).click();
    const controls = page.getByRole('region', { name: 'Replay controls' });
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    const note = page.locator('[data-notice-kind="repetition"]');
    while ((await note.count()) === 0) {
      await controls.getByRole('button', { name: 'Step forward' }).click();
    }
    expect(await note.textContent()).toMatch(
      /^The agent was told it is repeating itself\s*You made the same call/,
    );
    await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await harness.screenshot('repetition-replay');
  });

  it('a typed reply reaches the model', async () => {
    const { page, model } = harness;
    model.setScript([...repeating(), finish()]);
    await harness.sendTask(NOTES_TASK);
    const card = await waitForQuestion();
    await card.getByRole('textbox', { name: 'Reply' }).fill('Stop posting updates and wrap up.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    expect(JSON.stringify(messagesOf(model.requests.at(-1)).at(-1))).toContain(
      'Stop posting updates and wrap up.',
    );
  });
});

import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WORKER_RESTARTED } from '../../src/page/state/app/worker-lifeline.ts';
import { formatFigures, runKills } from '../fixtures/kill/kill-cycle.ts';
import { crashAgentWorker, killPage, readStored, tornFiles } from '../fixtures/kill/kill-run.ts';
import { finalVersions, KILL_TASK, scriptFrom, seededRandom } from '../fixtures/kill/kill-script.ts';
import { type AppHarness, SCREENSHOTS, showSettingsSection, startApp } from './app-harness.ts';
import { gotoSettled, openConversationId, threadTexts, toastTexts } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 200 });
});
afterEach(async () => {
  await harness.close();
});

/**
 * Sends the kill task with its first shell command (step 3) sleeping long enough to be
 * stopped inside it, waits for that command to run, and scripts what follows a stop
 * there. Returns the conversation's id.
 */
async function runIntoFirstShell(seed: number): Promise<string> {
  const { page, model } = harness;
  const random = seededRandom(seed);
  model.setScript(scriptFrom(0, 0, random, { shellSleepSeconds: 5 }));
  await harness.sendTask(KILL_TASK);
  await page.locator('[data-action-type="shell.exec"][data-status="running"]').waitFor({ timeout: 20_000 });
  const id = await openConversationId(page);
  // What follows only has to finish (no kill lands in it): no drawn delays.
  model.setScript(scriptFrom(3, 1, random, { openingStepsDone: 2, hasDelays: false }));
  return id;
}

/** Closes the page and opens a new one on the conversation `id`. */
async function killAndReopen(id: string): Promise<Page> {
  await killPage(harness.context, harness.page, false);
  const reopened = await harness.context.newPage();
  harness.page = reopened;
  await gotoSettled(reopened, `${harness.app.url}/#/c/${encodeURIComponent(id)}`);
  return reopened;
}

/** The run reached its result, with every file at its last version and none torn. */
async function expectFinished(page: Page, id: string): Promise<void> {
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });
  const stored = await readStored(page, id);
  expect(stored.status).toBe('done');
  expect(tornFiles(stored.files)).toEqual([]);
  for (const [path, text] of finalVersions()) expect(stored.files[path], path).toBe(text);
}

it('loses nothing the person saw, tears no file and recovers after a kill mid-run', async () => {
  // One kill at a fixed seed: the tests below kill mid-run too, and the soak (`npm run soak`,
  // tests/bench/kill-reopen) makes 50 at drawn seeds.
  const figures = await runKills(harness, { kills: 1, seed: 16 });
  console.log(formatFigures(figures));
  expect(figures.problems, formatFigures(figures)).toEqual([]);
  expect(figures.eventsSeen).toBeGreaterThan(0);
  expect(figures.eventsLost).toBe(0);
  expect(figures.tornFiles).toBe(0);
  expect(figures.recovered).toBe(1);
  expect(figures.finishedRuns).toBe(1);
}, 60_000);

it('closes the action in flight as interrupted and, when set to, goes on by itself after a reopen', async () => {
  const { page } = harness;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Runs');
  await dialog.getByLabel('Interrupted runs', { exact: true }).selectOption('continue');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // No message from the person: the reopened app goes on from step 3 by itself.
  const reopened = await killAndReopen(await runIntoFirstShell(7));
  await reopened.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });

  const interrupted = reopened.locator('[data-action-type="shell.exec"][data-error-kind="interrupted"]');
  await expect.poll(() => interrupted.count()).toBe(1);
  expect(await interrupted.locator('.chip').getAttribute('data-tone')).toBe('pending');
  await interrupted.scrollIntoViewIfNeeded();
  await reopened.screenshot({ path: `${SCREENSHOTS}kill-reopen-interrupted.png` });
  expect(await threadTexts(reopened)).toContain(
    'Interrupted (the page was closed, or the agent crashed); continuing from where it stopped.',
  );
  await expectFinished(reopened, await openConversationId(reopened));
}, 60_000);

it('asks after a reopen whether to go on (the default), and goes on when the person presses Continue', async () => {
  const id = await runIntoFirstShell(9);
  const reopened = await killAndReopen(id);
  const card = reopened.locator('.ask-card.is-open[aria-label="The run was interrupted"]');
  await card.waitFor({ timeout: 20_000 });
  expect(await card.locator('.ask-question').innerText()).toContain(
    'My work on this stopped unexpectedly (the page was closed, or the agent crashed). Nothing that was shown is lost.',
  );
  expect((await readStored(reopened, id)).status).toBe('asking');
  await card.scrollIntoViewIfNeeded();
  await reopened.screenshot({ path: `${SCREENSHOTS}kill-reopen-ask.png` });

  await card.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectFinished(reopened, id);
}, 60_000);

it('starts a crashed agent worker again in the same page, which asks whether to go on', async () => {
  const { page } = harness;
  const id = await runIntoFirstShell(11);
  await crashAgentWorker(page);

  // The page stays; a new worker recovers the run its predecessor left, as after a closed page.
  await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain(WORKER_RESTARTED);
  const card = page.locator('.ask-card.is-open[aria-label="The run was interrupted"]');
  await card.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.locator('[data-action-type="shell.exec"][data-error-kind="interrupted"]').count())
    .toBe(1);
  await page.screenshot({ path: `${SCREENSHOTS}kill-worker-crash.png` });
  await card.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectFinished(page, id);
}, 60_000);

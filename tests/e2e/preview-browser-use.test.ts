import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, messagesOf } from '../fixtures/scenarios.ts';
import { NOTES_APP_JS, NOTES_INDEX_HTML, NOTES_STYLE_CSS } from '../fixtures/storage-notes-app.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { waitForServiceWorkerControl } from './pwa-helpers.ts';

/**
 * OpenManus' `browser_use` on the conversation's own preview, in Chromium: the page is
 * loaded live in the agent's preview browser, `input_text` types a note, `click_element`
 * presses Add, and the next observation shows the page after it (the note listed, its
 * script's storage working).
 */

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await waitForServiceWorkerControl(harness.page);
  await harness.configure();
});
afterAll(async () => harness?.close());

/** The `data-status` of every browser_use action (its type names the action: `browser_use.click_element`). */
const browserStatuses = (page: Page) =>
  page
    .locator('[data-action-type^="browser_use"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')));

/** The text of the observation the model read in request `index` (its last message). */
const observationIn = (index: number) => JSON.stringify(messagesOf(harness.model.requests[index]).at(-1));

it('types a note and clicks Add in its own preview, and reads the page after', async () => {
  const { page, model } = harness;
  await page.getByLabel('Tool profile', { exact: true }).selectOption('openmanus');
  const create = (path: string, text: string) =>
    call('str_replace_editor', {
      command: 'create',
      path: `/home/ubuntu/notes-app/${path}`,
      file_text: text,
    });
  model.setScript([
    create('index.html', NOTES_INDEX_HTML),
    create('style.css', NOTES_STYLE_CSS),
    create('app.js', NOTES_APP_JS),
    call('browser_use', { action: 'go_to_url', url: 'file:///home/ubuntu/notes-app/index.html' }),
    call('browser_use', { action: 'input_text', index: 0, text: 'Buy oat milk' }),
    call('browser_use', { action: 'click_element', index: 1 }),
    call('browser_use', { action: 'click_element', index: 40 }),
    call('terminate', { status: 'success' }),
  ]);
  await harness.sendTask('Build a notes app and try it');
  await expect.poll(() => browserStatuses(page), { timeout: 60_000 }).toHaveLength(4);
  await expect.poll(() => model.requests.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);

  // Requests 4, 5, 6 and 7 carry the observations of the four browser_use calls.
  // Request 7 may still be on its way when the page shows the step (the journal stages its commit).
  await model.waitForRequests(8, 10_000);
  const opened = observationIn(4);
  expect(opened).toContain('Pocket Notes');
  expect(opened).toContain('0 saved');
  expect(opened).toMatch(/\[0\]<input/);
  expect(opened).toMatch(/\[1\]<button[^\]]*Add/);
  expect(observationIn(5)).toContain('Buy oat milk');
  const clicked = observationIn(6);
  expect(clicked).toContain('1 saved');
  expect(clicked).toContain('Buy oat milk');
  // An index the page does not have is an error the model can correct.
  expect(observationIn(7)).toMatch(/no element at index 40/i);
  // The last call's envelope is published once its commit lands, which may be after the next request left
  // (the journal stages it, so the request need not wait): the row flips from running a moment later.
  await expect.poll(() => browserStatuses(page)).toEqual(['success', 'success', 'success', 'error']);
  await harness.screenshot('preview-browser-use');
});

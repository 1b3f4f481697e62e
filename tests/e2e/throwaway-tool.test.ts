import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { manusProfile } from '../../src/agent-worker/profiles/manus/manus-profile.ts';
import { ConversationArchive } from '../../src/agent-worker/runtime/conversation-archive.ts';
import { defineTool } from '../../src/agent-worker/toolkit/define-tool.ts';
import { defineProfile } from '../../src/agent-worker/toolkit/profile.ts';
import { phrase } from '../../src/shared/protocol/action-summary.ts';
import { ownWords } from '../../src/shared/protocol/action-words.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from '../integration/harness.ts';
import { type AppHarness, startApp } from './app-harness.ts';
import { importThroughPicker, startPausedReplay } from './pwa-helpers.ts';

/*
 * The recipe of docs/ARCHITECTURE.md ("Adding a tool"), followed by a test: one object made
 * with `defineTool` and one line in a profile's list. Nothing else in the app learns its
 * name; the thread, the Computer panel and replay show it from what it declared.
 */

// Step 1 of the recipe: the tool, all in one object.
const COUNT_WORDS = phrase('path', 'Counting lines in {}', 'Counted lines in {}', [
  'Counting lines',
  'Counted lines',
]);
const countLinesTool = defineTool({
  name: 'count_lines',
  description: 'Counts the lines of a workspace file.',
  metaKind: null,
  parameters: z.object({ path: z.string().min(1).describe('The file whose lines to count') }),
  label: (args) => ownWords(COUNT_WORDS, args.path),
  effect: 'reads',
  execute: async (params, context) => {
    const text = new TextDecoder().decode(await context.workspace.read(params.path));
    const lines = text.split('\n').filter((line) => line !== '').length;
    return { status: 'success', content: `${params.path} has ${lines} lines.`, meta: {} };
  },
});

// Step 2: one line in the profile's list.
const manusWithCounter = defineProfile({ ...manusProfile, tools: [...manusProfile.tools, countLinesTool] });

const TODO = '/home/ubuntu/notes/todo.md';

let runtime: Harness;
let app: AppHarness;
beforeEach(async () => {
  runtime = await createHarness({}, {}, { profiles: [manusWithCounter] });
  app = await startApp();
});
afterEach(async () => {
  await app.close();
  await runtime.close();
});

/** Runs a task that uses the new tool through the real runtime, and exports it as a bundle. */
async function conversationWithTheTool(): Promise<Uint8Array> {
  runtime.server.setScript([
    acknowledge(),
    planNotes(),
    call('file', { action: 'write', path: TODO, text: '- milk\n- bread\n- eggs\n' }),
    call('count_lines', { path: TODO }),
    call('message', { type: 'result', text: 'The list has three lines.' }),
  ]);
  const id = await runtime.runtime.startConversation('Count my todo list', { profileId: 'manus' });
  await runtime.runtime.idle(id);
  const completions = await runtime.completions(id);
  expect(completions.map((envelope) => `${envelope.meta.action_type}:${envelope.status}`)).toContain(
    'count_lines:success',
  );
  const archive = new ConversationArchive({
    profiles: [manusWithCounter],
    database: runtime.database,
    publish: () => undefined,
    newId: () => 'exported',
    now: () => Date.now(),
    appVersion: '0.1.0',
  });
  return (await archive.exportConversation(id)).bytes;
}

it('a tool added by the recipe shows in the thread, the Computer panel and replay with the label it declared', async () => {
  const bundle = await conversationWithTheTool();
  const { page } = app;
  await importThroughPicker(page, 'count-my-todo-list.sandpiper.zip', bundle);
  const step = page.locator('[data-action-type="count_lines"]');
  const folded = page.locator('.phase-group-header[aria-expanded="false"]');
  await expect.poll(async () => (await step.count()) + (await folded.count())).toBeGreaterThan(0);
  while ((await folded.count()) > 0) await folded.first().click();

  // The thread: its own words, the path as every path is shown, a wrench (it has no output kind).
  const rowLabel = (await step.locator('.action-text').textContent()) ?? '';
  expect(rowLabel).toMatch(/^Counted lines in .*notes\/todo\.md$/);
  expect(await step.locator('.action-icon svg').getAttribute('data-icon')).toBe('tool');

  // The Computer panel: the same label, its output in words on the fallback view.
  await step.click();
  const panel = page.getByRole('complementary', { name: 'Computer' });
  const view = panel.locator('.action-view[data-view="output"]');
  await view.waitFor();
  expect(await view.locator('.details-title h3').textContent()).toBe(rowLabel);
  expect(await panel.getByRole('tab', { selected: true }).textContent()).toBe('Output');
  expect(await view.locator('.action-view-body').textContent()).toContain(`${TODO} has 3 lines.`);
  await app.screenshot('throwaway-tool-panel');

  // Replay: the step comes back with the same label.
  const { stepCount, goTo } = await startPausedReplay(page);
  await goTo(stepCount);
  while ((await folded.count()) > 0) await folded.first().click();
  expect(await step.locator('.action-text').textContent()).toBe(rowLabel);
  await step.click();
  await expect.poll(() => view.locator('.details-title h3').textContent()).toBe(rowLabel);
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { call, messagesOf } from '../fixtures/scenarios.ts';
import type { RecordedRequest } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, phaseStatuses, startApp, statuses } from './app-harness.ts';

/**
 * A scripted task in the muxd profile, in the built app: picked with "Tool profile"
 * beside the composer; `todo_write` fills the plan panel (one phase per todo), the file
 * tools write, read (`%4d | ` lines) and edit, `grep` finds the call sites, `ask_user`
 * suspends the run, `patch_apply` changes two files at once, `bash` shows the result, and
 * a plain-text reply ends the turn as muxd's does.
 */

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => harness.close());

const GREET = "export function greet(name: string): string {\n  return 'Hello ' + name;\n}\n";
const MAIN = "import { greet } from './greet';\n\nconsole.log(greet('world'));\n";
const PATCH = [
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -1,3 +1,3 @@',
  '-export function greet(name: string): string {',
  '+export function welcome(name: string): string {',
  "   return 'Hello, ' + name + '!';",
  ' }',
  '--- a/src/main.ts',
  '+++ b/src/main.ts',
  '@@ -1,3 +1,3 @@',
  "-import { greet } from './greet';",
  "+import { welcome } from './greet';",
  ' ',
  "-console.log(greet('world'));",
  "+console.log(welcome('world'));",
  '',
].join('\n');

const todos = (...statuses: string[]) => ({
  todos: ['Read the code', 'Fix the greeting', 'Rename with a patch'].map((title, index) => ({
    id: String(index + 1),
    title,
    status: statuses[index],
  })),
});

/** The observation (status, content, meta) the model was sent last in request `index`. */
const observation = (index: number) =>
  JSON.parse((messagesOf(harness.model.requests[index]).at(-1) as { content: string }).content) as {
    status: string;
    content: string;
    meta: Record<string, unknown>;
  };
const toolNames = (request: RecordedRequest | undefined) =>
  ((request?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
    (tool) => tool.function.name,
  );

it('reads, edits, greps, asks, patches and keeps todos in the plan panel; a text reply ends the turn', async () => {
  const { page, model } = harness;
  await page.getByLabel('Tool profile', { exact: true }).selectOption('muxd');
  await expect.poll(() => page.locator('#tool-profile-summary').textContent()).toContain('patch_apply');
  await harness.screenshot('muxd-picker');
  model.setScript([
    call('todo_write', todos('in_progress', 'pending', 'pending')),
    call('file_write', { path: 'src/greet.ts', content: GREET }),
    call('file_write', { path: 'src/main.ts', content: MAIN }),
    call('file_read', { path: 'src/greet.ts' }),
    call('todo_write', todos('completed', 'in_progress', 'pending')),
    call('file_edit', {
      path: 'src/greet.ts',
      old_string: "'Hello ' + name",
      new_string: "'Hello, ' + name + '!'",
    }),
    call('grep', { pattern: 'greet\\(', path: 'src', include: '*.ts' }),
    call('ask_user', { question: 'Rename greet to welcome in both files with one patch?' }),
    call('todo_write', todos('completed', 'completed', 'in_progress')),
    call('patch_apply', { patch: PATCH }),
    call('bash', { command: 'cat src/main.ts && grep -c welcome src/greet.ts' }),
    call('todo_write', todos('completed', 'completed', 'completed')),
    { text: 'Done: `greet` is now `welcome`, and it says **Hello, world!**' },
  ]);
  await harness.sendTask('Fix the greeting in src/greet.ts, then rename greet to welcome');

  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.waitFor({ timeout: 120_000 });
  const chip = page.locator('.main-header .profile-chip');
  expect(await chip.textContent()).toBe('Tool profile: muxd');
  expect(toolNames(model.requests[0]).slice(0, 6)).toEqual([
    'file_read',
    'file_write',
    'file_edit',
    'bash',
    'grep',
    'list_files',
  ]);
  // Nothing was forced: muxd has no opening steps.
  expect(model.requests.map((request) => (request.body as { tool_choice?: unknown }).tool_choice)).toEqual(
    Array(8).fill('auto'),
  );
  expect(observation(2).content).toBe('Wrote 74 bytes (4 lines) to src/greet.ts');
  expect(observation(4).content).toBe(
    "   1 | export function greet(name: string): string {\n   2 |   return 'Hello ' + name;\n   3 | }\n   4 | \n",
  );
  expect(observation(6).content).toBe(
    'Edited src/greet.ts: replaced 1 occurrence(s) of 15 bytes with 22 bytes',
  );
  expect(observation(7).content).toBe(
    "src/greet.ts:1:export function greet(name: string): string {\nsrc/main.ts:3:console.log(greet('world'));",
  );

  // The todos are the plan: the first done, the second in progress, while the question waits.
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect.poll(() => phaseStatuses(page)).toEqual(['completed', 'active', 'pending']);
  expect(await plan.locator('.plan-goal').textContent()).toBe('Todo list');
  await harness.screenshot('muxd-ask-and-todos');
  await page.locator('[data-action-type="grep"]').click();
  await harness.screenshot('muxd-grep-results');
  await page.locator('[data-action-type="file_edit"]').click();
  const computer = page.getByRole('complementary', { name: 'Computer' });
  await expect.poll(() => computer.textContent()).toContain("'Hello, ' + name + '!'");
  await harness.screenshot('muxd-file-edit');

  await reply.fill('Yes, one patch please');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const answer = page.locator('[data-notice-kind="reply"]');
  await answer.waitFor({ timeout: 120_000 });
  await expect.poll(() => answer.textContent()).toContain('greet is now welcome');
  expect(JSON.stringify(messagesOf(model.requests[8]))).toContain('Yes, one patch please');
  expect(observation(10).content).toBe('Applied 1 hunk(s) to src/greet.ts\nApplied 1 hunk(s) to src/main.ts');
  expect(observation(11).content).toBe(
    "import { welcome } from './greet';\n\nconsole.log(welcome('world'));\n1\n",
  );
  expect(await statuses(page, 'patch_apply')).toEqual(['success']);
  expect(await statuses(page, 'todo_write')).toEqual(['success', 'success', 'success', 'success']);
  await expect.poll(() => phaseStatuses(page)).toEqual(['completed', 'completed', 'completed']);
  expect(model.requests).toHaveLength(13);
  await page.locator('[data-action-type="bash"]').click();
  await expect
    .poll(() => page.locator('.terminal-host').textContent())
    .toContain("console.log(welcome('world'));");
  await page.waitForTimeout(500); // the completed markers' settle animation
  await harness.screenshot('muxd-done');
}, 240_000);

import { afterEach, beforeEach, expect, it } from 'vitest';
import { call, messagesOf } from '../fixtures/scenarios.ts';
import { type AppHarness, phaseStatuses, startApp, statuses } from './app-harness.ts';

/**
 * A scripted task in the OpenManus profile, in the built app: picked with "Tool profile"
 * beside the composer; `planning` fills the plan panel (a blocked step included),
 * `python_execute` runs on the sandbox's Python (Pyodide) and shows in the terminal,
 * `str_replace_editor` creates, edits and undoes, `ask_human` suspends, `terminate` ends.
 */

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => harness.close());

const FILE = '/home/ubuntu/average.txt';
const observation = (index: number) =>
  JSON.parse((messagesOf(harness.model.requests[index]).at(-1) as { content: string }).content) as {
    status: string;
    content: string;
    meta: Record<string, unknown>;
  };

it('runs python_execute, edits with undo, plans in the plan panel, asks and terminates', async () => {
  const { page, model } = harness;
  await page.getByLabel('Tool profile', { exact: true }).selectOption('openmanus');
  await expect
    .poll(() => page.locator('#tool-profile-summary').textContent())
    .toContain('Not offered: computer_use and the Daytona sandbox_* tools');
  await harness.screenshot('openmanus-picker');
  model.setScript([
    call('planning', {
      command: 'create',
      plan_id: 'average',
      title: 'Average the numbers',
      steps: ['Compute the average', 'Write it down', 'Publish it'],
    }),
    call('planning', { command: 'mark_step', step_index: 0, step_status: 'in_progress' }),
    call('python_execute', { code: 'numbers = [3, 4, 8]\nprint(sum(numbers) / len(numbers))\nsum(numbers)' }),
    call('planning', { command: 'mark_step', step_index: 0, step_status: 'completed' }),
    call('str_replace_editor', { command: 'create', path: FILE, file_text: 'average: 5.0\n' }),
    call('str_replace_editor', { command: 'str_replace', path: FILE, old_str: '5.0', new_str: 'six' }),
    call('str_replace_editor', { command: 'undo_edit', path: FILE }),
    call('str_replace_editor', { command: 'view', path: FILE }),
    call('planning', { command: 'mark_step', step_index: 1, step_status: 'completed' }),
    call('planning', {
      command: 'mark_step',
      step_index: 2,
      step_status: 'blocked',
      step_notes: 'No place to publish',
    }),
    call('ask_human', { inquire: 'Where should I publish the average?' }),
  ]);
  await harness.sendTask('Average 3, 4 and 8 and write it down');

  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.waitFor({ timeout: 150_000 });
  const chip = page.locator('.main-header .profile-chip');
  expect(await chip.textContent()).toBe('Tool profile: OpenManus');

  // Nothing was forced: the model chose every call.
  expect(model.requests.map((request) => (request.body as { tool_choice?: unknown }).tool_choice)).toEqual(
    Array(11).fill('auto'),
  );
  // Print output is captured, the return value is not.
  expect(observation(3)).toMatchObject({ status: 'success', meta: { stdout: '5.0\n', exit_code: 0 } });
  expect(observation(6).content).toContain('has been edited');
  expect(observation(7).content).toBe(
    `Last edit to ${FILE} undone successfully. Here's the result of running \`cat -n\` on ${FILE}:\n     1\taverage: 5.0\n     2\t\n`,
  );
  expect(observation(8).content).toBe(
    `Here's the result of running \`cat -n\` on ${FILE}:\n     1\taverage: 5.0\n     2\t\n`,
  );
  expect(await statuses(page, 'python_execute')).toEqual(['success']);
  expect(await statuses(page, 'str_replace_editor.undo_edit')).toEqual(['success']);

  // The plan panel shows the active plan's steps, the blocked one marked.
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect.poll(() => phaseStatuses(page)).toEqual(['completed', 'completed', 'blocked']);
  expect(await plan.locator('.plan-goal').textContent()).toBe('Average the numbers');
  expect(await plan.locator('[data-phase-id="2"]').textContent()).toContain('(blocked)');
  await harness.screenshot('openmanus-plan-blocked');

  // The Python run in the terminal, and the file as the undo left it: their steps are under
  // the plan's first two steps, done and so folded until opened.
  const computeGroup = page.locator('.phase-group-header', { hasText: 'Compute the average' });
  const writeGroup = page.locator('.phase-group-header', { hasText: 'Write it down' });
  expect([
    await computeGroup.getAttribute('aria-expanded'),
    await writeGroup.getAttribute('aria-expanded'),
  ]).toEqual(['false', 'false']);
  await computeGroup.click();
  await writeGroup.click();
  await page.locator('[data-action-type="python_execute"]').click();
  await expect.poll(() => page.locator('.terminal-host').textContent()).toContain('5.0');
  await harness.screenshot('openmanus-python-terminal');
  await page.locator('[data-action-type="str_replace_editor.undo_edit"]').click();
  const computer = page.getByRole('complementary', { name: 'Computer' });
  await expect.poll(() => computer.textContent()).toContain('average: 5.0');
  await harness.screenshot('openmanus-editor-undo');

  // The answer resumes the run; `terminate` ends it with OpenManus' line as the result.
  model.push(call('terminate', { status: 'success' }));
  await reply.fill('Nowhere, you are done');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const result = page.locator('[data-action-type="terminate"]');
  await result.waitFor({ timeout: 60_000 });
  await expect
    .poll(() => result.textContent())
    .toContain('The interaction has been completed with status: success');
  expect(JSON.stringify(messagesOf(model.requests.at(-1)))).toContain('Nowhere, you are done');
  await expect.poll(() => phaseStatuses(page)).toEqual(['completed', 'completed', 'completed']);
  await page.waitForTimeout(500); // the completed markers' settle animation
  await harness.screenshot('openmanus-terminated');
}, 240_000);

import { afterEach, beforeEach, expect, it } from 'vitest';
import { call, messagesOf } from '../fixtures/scenarios.ts';
import type { RecordedRequest } from '../fixtures/scripted-llm-server.ts';
import { type AppHarness, startApp } from './app-harness.ts';

/**
 * muxd's `task` in the built app: a sub-agent with a fresh context and no `task` of its
 * own reads a file and answers; its steps show nested under the task row, its
 * conversation stays out of the sidebar and opens from there; the parent reads only the
 * answer, and `git_status` runs on the sandbox's git (isomorphic-git in the worker).
 */

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => harness.close());

const toolNames = (request: RecordedRequest | undefined) =>
  ((request?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
    (tool) => tool.function.name,
  );
const lastContent = (request: RecordedRequest | undefined) =>
  String((messagesOf(request).at(-1) as { content?: unknown } | undefined)?.content ?? '');

it('runs a sub-agent whose steps nest under the task row, then reads git status', async () => {
  const { page, model } = harness;
  await page.getByLabel('Tool profile', { exact: true }).selectOption('muxd');
  model.setScript([
    call('bash', { command: 'mkdir -p app && cd app && git init && printf "TODO: ship\\n" > notes.txt' }),
    call('task', {
      description: 'summarise the notes',
      prompt: 'Read app/notes.txt and say what it asks for.',
    }),
    // The sub-agent's own steps.
    call('file_read', { path: 'app/notes.txt' }),
    { text: 'The notes ask to **ship**.' },
    // The parent again.
    call('git_status', { path: 'app' }),
    { text: 'The notes ask to ship; notes.txt is untracked.' },
  ]);
  await harness.sendTask('What do my notes ask for, and is the repo clean?');
  const answer = page.locator('[data-notice-kind="reply"]');
  await answer.waitFor({ timeout: 120_000 });

  const requests = model.requests;
  // The sub-agent works in the parent's workspace: it read the file the parent's bash wrote.
  expect(JSON.parse(lastContent(requests[3])).content).toBe('   1 | TODO: ship\n   2 | \n');
  // Request 2 is the sub-agent's first: its prompt alone, and no `task`.
  expect(messagesOf(requests[2]).map((message) => (message as { role: string }).role)).toEqual([
    'system',
    'user',
  ]);
  expect(toolNames(requests[2])).not.toContain('task');
  expect(toolNames(requests[0])).toContain('task');
  // The parent reads the answer, not the sub-agent's file read.
  expect(JSON.parse(lastContent(requests[4])).content).toBe('The notes ask to **ship**.');
  expect(JSON.stringify(messagesOf(requests[4]))).not.toContain('1 | TODO: ship');
  // git_status on the sandbox's git.
  expect(JSON.parse(lastContent(requests[5])).content).toBe('?? notes.txt\n');

  // The sub-agent's steps, nested under the task row, live.
  const nested = page.getByRole('list', { name: 'Sub-agent steps' });
  await expect.poll(() => nested.locator('li').count()).toBe(1);
  expect(await nested.locator('li').first().getAttribute('data-action-type')).toBe('file_read');
  expect(await nested.locator('li').first().getAttribute('data-status')).toBe('success');
  // Its conversation is not in the sidebar, and opens from the row.
  const sidebar = page.locator('.sidebar');
  expect(await sidebar.getByText('summarise the notes').count()).toBe(0);
  await harness.screenshot('sub-agent-nested-1440');
  await page.getByRole('button', { name: 'Open the sub-agent’s conversation' }).click();
  await expect
    .poll(() => page.locator('.main-header .thread-title').textContent())
    .toBe('summarise the notes');
  await page.locator('[data-notice-kind="reply"]').waitFor();
  await harness.screenshot('sub-agent-conversation-1440');
});

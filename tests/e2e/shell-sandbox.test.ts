import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, showSettingsSection, startApp, statuses } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const finish = () => call('message', { type: 'result', text: 'Done.' });

it('runs shell commands in the browser sandbox, and the workspace survives a reload', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge(),
    planNotes(),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: 'mkdir -p notes && echo "remember the milk" > notes/todo.txt && grep -c milk notes/todo.txt',
    }),
    finish(),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor();
  expect(await statuses(page, 'shell.exec')).toEqual(['success']);
  const observation = JSON.parse((messagesOf(model.requests[3]).at(-1) as { content: string }).content);
  expect(observation.meta).toMatchObject({ exit_code: 0, stdout: '1\n', session: 'main' });

  await page.reload();
  model.push(
    acknowledge('Checking the note.'),
    planNotes(),
    call('shell', { action: 'exec', session: 'main', command: 'cat notes/todo.txt' }),
    call('match', { action: 'grep', scope: '/home/ubuntu/**/*.txt', regex: 'milk' }),
    call('file', {
      action: 'edit',
      path: '/home/ubuntu/notes/todo.txt',
      edits: [{ find: 'milk', replace: 'oat milk' }],
    }),
    finish(),
  );
  await page.getByRole('textbox', { name: 'Message' }).fill('What was in the note?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => statuses(page, 'file.edit'), { timeout: 15_000 }).toEqual(['success']);
  expect(await statuses(page, 'shell.exec')).toEqual(['success', 'success']);
  expect(await statuses(page, 'match.grep')).toEqual(['success']);
  const grep = JSON.parse((messagesOf(model.requests.at(-2)).at(-1) as { content: string }).content);
  expect(grep.meta.results).toEqual([
    {
      path: '/home/ubuntu/notes/todo.txt',
      matches: [{ line: 1, match: 'remember the milk', leading: [], trailing: [] }],
    },
  ]);
  await page.locator('[data-action-type="shell.exec"]').last().click();
  await expect.poll(() => page.locator('body').textContent()).toContain('remember the milk');
  await harness.screenshot('shell-after-reload');
});

it('lets curl reach what the allow-list allows, through the network port, and refuses the rest saying why', async () => {
  const { page, model } = harness;
  const origin = new URL(model.url).origin;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Sandbox');
  await dialog.getByLabel('Sandbox network allow-list', { exact: true }).fill(`${origin}/v1/models`);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  model.setScript([
    acknowledge(),
    planNotes(),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: `curl -s ${origin}/v1/models && echo && curl ${origin}/v1/chat/completions`,
    }),
    finish(),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor();
  const observation = JSON.parse((messagesOf(model.requests[3]).at(-1) as { content: string }).content);
  // The page is cross-origin isolated and the server allows this origin: the real browser fetch went through.
  expect(JSON.parse(observation.meta.stdout.trim())).toMatchObject({ data: [{ id: 'scripted-model' }] });
  expect(observation.meta.stderr).toContain(
    `curl: (1) GET ${origin}/v1/chat/completions is not allowed: it is outside the allowed URL prefixes (${origin}/v1/models; Settings → Sandbox).`,
  );
  await page.locator('[data-action-type="shell.exec"]').click();
  await expect.poll(() => page.locator('.terminal-host').textContent()).toContain('is not allowed');
  await harness.screenshot('shell-network-allow-list');
});

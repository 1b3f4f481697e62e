import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { finishDone, shellExec } from '../fixtures/scripted-steps.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';
import { waitForServiceWorker } from './pwa-helpers.ts';

// Python in the built app: the agent worker starts the Python worker (Pyodide served by
// the build itself) on the first `python3`; files Python writes land in the workspace.
// "keeps Python away from the app's storage and network" went (issue 41): it loaded Pyodide
// again to prove what prompt-injection's 'Python reaches no storage, and only the known open
// routes reach an address outside pip's index' proves with 15 probes in the same Chromium
// worker (indexedDB, caches and fetch among them); the refusal's words are
// src/python-worker/worker-lockdown.test.ts' "lets fetch reach pip's index and the app's
// assets, and refuses anything else".
let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.context.setOffline(false);
  await harness.close();
});

const observation = (index: number) =>
  JSON.parse((messagesOf(harness.model.requests[index]).at(-1) as { content: string }).content);

// One conversation for `python3 -c` and a script that writes a file (two tests before
// issue 41, each loading Pyodide into a fresh context; the steps and checks are theirs).
it('runs python3 -c and a script in the virtual sandbox: output in the terminal, the file it wrote in the Files tab', async () => {
  const { page, model } = harness;
  const script = [
    'import csv, statistics',
    'rows = [("ada", 3), ("bob", 4), ("cy", 8)]',
    'with open("report.csv", "w", newline="") as out:',
    '    csv.writer(out).writerows(rows)',
    'print(statistics.mean(amount for _, amount in rows))',
  ].join('\n');
  model.setScript([
    acknowledge(),
    planNotes(),
    shellExec('python3 -c "print(sum([1,2,3]))"', { timeout: 120 }),
    call('file', { action: 'write', path: '/home/ubuntu/make_report.py', text: `${script}\n` }),
    shellExec('python3 make_report.py && wc -l report.csv', { timeout: 120 }),
    finishDone(),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 120_000 });
  expect(await statuses(page, 'shell.exec')).toEqual(['success', 'success']);
  expect(observation(3).meta).toMatchObject({ exit_code: 0, stdout: '6\n', stderr: '' });
  expect(observation(5).meta).toMatchObject({ exit_code: 0, stdout: '5\n3 report.csv\n' });
  await page.locator('[data-action-type="shell.exec"]').first().click();
  await expect.poll(() => page.locator('.terminal-host').textContent()).toMatch(/sum\(\[1,2,3\]\)\)"\s*6/);
  await harness.screenshot('python-terminal');
  const panel = page.getByRole('complementary', { name: 'Computer' });
  await panel.getByRole('tab', { name: 'Files' }).click();
  await panel.getByRole('treeitem', { name: /^report\.csv ?, file/ }).waitFor();
  await harness.screenshot('python-files-tab');
}, 150_000);

// One test for the interrupt and the offline cache (two before issue 41, each loading Pyodide
// cold into a fresh context and waiting for isolation; the steps and checks are theirs).
it('interrupts a Python loop at a timeout through the interrupt buffer once the page is cross-origin isolated, and caches Pyodide’s files on first use, so they are served offline afterwards', async () => {
  const { page, model, context } = harness;
  // Once the service worker controls the page, a reload serves it with the isolation headers.
  await waitForServiceWorker(page);
  if (!(await page.evaluate(() => crossOriginIsolated))) await page.reload();
  await page.waitForFunction(() => crossOriginIsolated, undefined, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  const loop = [
    'try:',
    '    while True: pass',
    'except KeyboardInterrupt:',
    '    open("interrupted.txt", "w").write("KeyboardInterrupt")',
  ].join('\n');
  model.setScript([
    acknowledge(),
    planNotes(),
    call('file', { action: 'write', path: '/home/ubuntu/loop.py', text: `${loop}\n` }),
    // Python started first, so the 2 s are the loop's, not Pyodide's start.
    shellExec('python3 -c "print(6 * 7)" && timeout 2 python3 loop.py; echo "exit $?"; cat interrupted.txt', {
      timeout: 120,
    }),
    finishDone(),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 120_000 });
  // The file written in the except block proves Python unwound (a restarted worker would write nothing).
  expect(observation(4).meta).toMatchObject({ stdout: '42\nexit 124\nKeyboardInterrupt' });
  const lazy = () =>
    page.evaluate(async () =>
      (await (await caches.open('sandpiper-lazy-assets')).keys()).map(
        (request) => new URL(request.url).pathname,
      ),
    );
  const pyodideFiles = ['pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
  await expect
    .poll(lazy)
    .toEqual(
      expect.arrayContaining(
        pyodideFiles.map((file) => expect.stringMatching(new RegExp(`/pyodide-[^/]+/${file}$`))),
      ),
    );
  const wasm = (await lazy()).find((path) => path.endsWith('/pyodide.asm.wasm')) ?? '';
  await context.setOffline(true);
  const status = await page.evaluate(
    (url) => fetch(url).then((response) => `${response.status} ${response.headers.get('content-type')}`),
    wasm,
  );
  expect(status).toBe('200 application/wasm');

  // Python starts offline after a reload: the app's server is gone (the model's stays up, on
  // its own origin), so the page, the agent worker and a fresh Python worker with all of
  // Pyodide's files can only come from the service worker's caches.
  await context.setOffline(false);
  await harness.app.close();
  expect(
    await page.evaluate(
      (url) =>
        fetch(url, { cache: 'no-store' }).then(
          () => 'up',
          () => 'down',
        ),
      `${harness.app.url}/not-cached-${Date.now()}`,
    ),
  ).toBe('down');
  await page.reload();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  model.setScript([
    acknowledge(),
    planNotes(),
    shellExec('python3 -c "import json, sqlite3; print(json.dumps(sqlite3.sqlite_version_info[:1]))"', {
      timeout: 120,
    }),
    finishDone(),
  ]);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 120_000 });
  // setScript cleared the recorded requests: the Python step's result is in the fourth.
  expect(observation(3).meta).toMatchObject({ exit_code: 0, stdout: '[3]\n' });
}, 200_000);

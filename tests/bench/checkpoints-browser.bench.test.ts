import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { workspaceFiles } from '../e2e/pwa-helpers.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Rewind, undo and fork of a 1,000-file, 20 MB workspace in Chromium, as a person does
 * them: from the click that confirms to the thread showing the outcome (the worker's
 * transaction, the broadcast, the thread read afresh). Python writes the 1,000 files of
 * 20 KB; two shell steps then change one file each; the rewind goes back to the Python
 * step. Medians of RUNS (default 5). Records `checkpoints-browser`.
 */
const FILES = 1000;
const RUNS = Number(process.env.RUNS ?? 5);
const shell = (command: string) => call('shell', { action: 'exec', session: 'main', command });

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 50 });
});
afterAll(async () => {
  await harness.close();
});

/** The floor: the same 20 MB read and written again by bare IndexedDB in this page (another database), in ms. */
function bareCopy(page: Page): Promise<number[]> {
  return page.evaluate(async (files) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sandpiper-bench-floor', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('files', { keyPath: ['c', 'p'] });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const done = (transaction: IDBTransaction) =>
      new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
    let transaction = database.transaction('files', 'readwrite', { durability: 'relaxed' });
    for (let index = 0; index < files; index += 1)
      transaction
        .objectStore('files')
        .put({ c: 'a', p: `f${index}`, content: new Uint8Array(20480).fill(97) });
    await done(transaction);
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      transaction = database.transaction('files', 'readwrite', { durability: 'relaxed' });
      const store = transaction.objectStore('files');
      const rows = await new Promise<{ c: string }[]>((resolve) => {
        const request = store.getAll(IDBKeyRange.bound(['a', ''], ['a', '\uffff']));
        request.onsuccess = () => resolve(request.result);
      });
      for (const row of rows) store.put({ ...row, c: `copy${run}` });
      await done(transaction);
      times.push(performance.now() - started);
    }
    database.close();
    indexedDB.deleteDatabase('sandpiper-bench-floor');
    return times;
  }, FILES);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function selectPythonStep(page: Page): Promise<void> {
  const folded = page.locator('.phase-group-header[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await page.locator('.action-row[data-action-type="shell.exec"]').first().click();
}

it(`rewinds and forks a ${FILES}-file, 20 MB workspace in Chromium`, { timeout: 600_000 }, async () => {
  const { page, model } = harness;
  const panel = page.getByRole('complementary', { name: 'Computer' });
  model.setScript([
    acknowledge(),
    planNotes(),
    shell(
      `python3 -c "import os; os.makedirs('big', exist_ok=True); [open(f'big/f{i}.txt', 'w').write(str(i).ljust(20480, 'a')) for i in range(${FILES})]"`,
    ),
    shell('echo changed > big/f1.txt'),
    shell('echo changed > big/f2.txt'),
    call('message', { type: 'result', text: 'Written.' }),
  ]);
  await harness.sendTask('Write a thousand files');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 300_000 });
  const hash = await page.evaluate(() => window.location.hash);
  const id = decodeURIComponent(/^#\/c\/(.+)$/.exec(hash)?.[1] ?? '');
  expect(Object.keys(await workspaceFiles(page, id)).filter((path) => path.startsWith('big/'))).toHaveLength(
    FILES,
  );

  const rewinds: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await selectPythonStep(page);
    await panel.getByRole('button', { name: 'Rewind to here' }).click();
    const confirm = panel.getByRole('button', { name: 'Rewind', exact: true });
    await confirm.waitFor();
    let started = performance.now();
    await confirm.click();
    await page.locator('.rewound-line').waitFor();
    rewinds.push(performance.now() - started);
    started = performance.now();
    await page.getByRole('button', { name: 'Undo rewind' }).click();
    await page.locator('[data-action-type="message.result"]').waitFor();
    await page.locator('.rewound-line').waitFor({ state: 'detached' });
    undos.push(performance.now() - started);
  }
  const forks: number[] = [];
  const forked: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 3); run += 1) {
    await page.goto(`${harness.app.url}/${hash}`);
    await page.locator('[data-action-type="message.result"]').waitFor();
    await selectPythonStep(page);
    const fork = panel.getByRole('button', { name: 'Fork from here' });
    await fork.waitFor();
    const started = performance.now();
    await fork.click();
    // The worker's fork resolves, then the app opens the fork (its address changes first).
    await page.waitForFunction((original) => window.location.hash !== original, hash, { polling: 5 });
    forked.push(performance.now() - started);
    await page.locator('.fork-origin').waitFor();
    forks.push(performance.now() - started);
  }
  const floor = await bareCopy(page);
  console.log(
    `[checkpoints, Chromium] bare IndexedDB copy of the same 20 MB: ${median(floor).toFixed(0)} ms; ${FILES} files of 20 KB: rewind ${median(rewinds).toFixed(0)} ms (${rewinds.map((value) => value.toFixed(0)).join(', ')}), undo ${median(undos).toFixed(0)} ms, fork ${median(forks).toFixed(0)} ms (${forks.map((value) => value.toFixed(0)).join(', ')}; made in ${median(forked).toFixed(0)} ms)`,
  );
  recordFigures('checkpoints-browser', {
    title: `Rewind, undo and fork of a 1,000-file, 20 MB workspace in Chromium, from the confirming click to the thread showing the outcome (medians of ${RUNS} rewinds and undos, ${forks.length} forks)`,
    bench: import.meta.url,
    paths: [
      'src/agent-worker/runtime/',
      'src/agent-worker/engine/',
      'src/shared/storage/',
      'src/page/',
      'tests/e2e/app-harness.ts',
      'tests/fixtures/scenarios.ts',
      'vite.config.ts',
    ],
    command: 'npx vite build && npx vitest run --project bench tests/bench/checkpoints-browser.bench.test.ts',
    figures: [
      {
        name: 'rewind to the step, two one-file steps after it (goal ≤ 500)',
        value: Math.round(median(rewinds)),
        unit: 'ms',
      },
      { name: 'undo of that rewind', value: Math.round(median(undos)), unit: 'ms' },
      {
        name: 'fork from the step: made (1,000 files copied), until the app turns to it',
        value: Math.round(median(forked)),
        unit: 'ms',
      },
      {
        name: 'fork from the step: made and opened (goal ≤ 500)',
        value: Math.round(median(forks)),
        unit: 'ms',
      },
      {
        name: 'the floor: bare IndexedDB reading and writing the same 20 MB in this page',
        value: Math.round(median(floor)),
        unit: 'ms',
        note: 'no app code: what copying the bytes costs here',
      },
    ],
  });
});

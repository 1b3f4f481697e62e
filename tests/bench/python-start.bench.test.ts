import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { BUILT_APP } from '../e2e/pwa-helpers.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { recordFigures, runsNote } from './record-figures.ts';

/**
 * Python's start in the built app, in Chromium on localhost: the time a scripted run's
 * `python3 -c 'print(n)'` takes the first time (the agent worker starts the Python worker,
 * which fetches and starts Pyodide), the next times (warm), and the first time after a
 * reload (a new Python worker; Pyodide's files come from the service worker's cache).
 * Each time is from the model's answer carrying the call to the next request (the tool's
 * run plus the loop's few milliseconds). Also the sizes of the Pyodide files the build
 * emits. Prints and records figures (`python-start`); asserts only that the measurements
 * were taken.
 */
const WARM_RUNS = 5;
/** `python3 -c 'print(n)'`: each call differs, since the same call again and again is a model repeating itself, which the runtime stops to ask about. */
const printNumber = (number: number) => ({
  action: 'exec',
  session: 'main',
  command: `python3 -c 'print(${number})'`,
  timeout: 120,
});

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure();
});
afterAll(async () => harness?.close());

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Milliseconds between the answer to request `index` and the next request. */
function toolTime(index: number): number {
  const answered = harness.model.requests[index]?.respondedAt;
  const next = harness.model.requests[index + 1]?.receivedAt;
  if (answered === undefined || next === undefined) throw new Error(`no request pair at ${index}`);
  return Math.round(next - answered);
}

function median(values: number[]): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

it('measures first-use and warm start of python3 in Chromium, and the Pyodide files', async () => {
  const { page, model } = harness;
  const isolated = await page.evaluate(() => crossOriginIsolated);
  model.setScript([
    acknowledge(),
    planNotes(),
    ...Array.from({ length: WARM_RUNS + 1 }, (_, run) => call('shell', printNumber(run + 1))),
    call('message', { type: 'result', text: 'Done.' }),
  ]);
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 240_000 });
  const firstUse = toolTime(2);
  const warm = Array.from({ length: WARM_RUNS }, (_, run) => toolTime(3 + run));

  await page.reload();
  await page.locator('[data-action-type="message.result"]').waitFor();
  const before = model.requests.length;
  model.push(
    acknowledge('Again.'),
    planNotes(),
    call('shell', printNumber(1)),
    call('message', { type: 'result', text: 'Done again.' }),
  );
  await page.getByRole('textbox', { name: 'Message' }).fill('Once more.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('[data-action-type="message.result"]').nth(1).waitFor({ timeout: 240_000 });
  const afterReload = toolTime(before + 2);
  const isolatedAfterReload = await page.evaluate(() => crossOriginIsolated);

  const folder = readdirSync(join(BUILT_APP, 'assets/lazy')).find((name) => name.startsWith('pyodide-'));
  if (!folder) throw new Error('the build has no assets/lazy/pyodide-*/ folder');
  const files = readdirSync(join(BUILT_APP, 'assets/lazy', folder)).map((name) => {
    const bytes = readFileSync(join(BUILT_APP, 'assets/lazy', folder, name));
    return { name, size: bytes.byteLength, gzipped: gzipSync(bytes).byteLength };
  });
  const worker = readdirSync(join(BUILT_APP, 'assets')).find((name) => /^python\.worker-.*\.js$/.test(name));
  const workerSize = worker ? statSync(join(BUILT_APP, 'assets', worker)).size : 0;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const totalGzipped = files.reduce((sum, file) => sum + file.gzipped, 0);

  console.log(
    [
      `Python start in Chromium (cross-origin isolated: ${isolated})`,
      `  first use (Python worker + Pyodide fetched and started): ${firstUse} ms`,
      `  warm (worker running), median of ${WARM_RUNS}: ${median(warm)} ms (${warm.join(', ')})`,
      `  first use after a reload (Pyodide from the service worker's cache; isolated: ${isolatedAfterReload}): ${afterReload} ms`,
      `Pyodide files emitted in assets/lazy/${folder}/ (not precached; cached on first use):`,
      ...files.map((file) => `  ${file.name}: ${kilobytes(file.size)} (${kilobytes(file.gzipped)} gzipped)`),
      `  total: ${kilobytes(total)} (${kilobytes(totalGzipped)} gzipped)`,
      `python.worker (precached with the app): ${kilobytes(workerSize)}`,
    ].join('\n'),
  );
  const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  recordFigures('python-start', {
    title: `\`python3 -c 'print(n)'\` in the built app (Chromium, localhost; cross-origin isolated: ${isolated ? 'yes' : 'no'})`,
    bench: import.meta.url,
    paths: [
      'src/python-worker/',
      'src/agent-worker/sandbox/',
      'src/service-worker/',
      'tests/fixtures/scenarios.ts',
      'vite.config.ts',
      'package-lock.json',
    ],
    command: 'npx vite build && npx vitest run --project bench tests/bench/python-start.bench.test.ts',
    figures: [
      { name: 'first use (the Python worker and Pyodide fetched and started)', value: firstUse, unit: 'ms' },
      { name: `warm, median of ${WARM_RUNS}`, value: median(warm), unit: 'ms', note: runsNote(warm) },
      {
        name: 'first use after a reload (Pyodide from the service worker’s cache)',
        value: afterReload,
        unit: 'ms',
      },
      {
        name: `Pyodide’s files (${files.length}, in assets/lazy/, not precached)`,
        value: megabytes(total),
        unit: 'MB',
      },
      { name: 'the same, gzipped', value: megabytes(totalGzipped), unit: 'MB' },
      {
        name: 'python.worker (precached with the app)',
        value: Math.round(workerSize / 102.4) / 10,
        unit: 'KB',
      },
    ],
  });
  expect(firstUse).toBeGreaterThan(0);
  expect(warm.length).toBe(WARM_RUNS);
  expect(files.length).toBe(4);
});

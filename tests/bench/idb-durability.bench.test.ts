import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILT_APP } from '../e2e/pwa-helpers.ts';
import { type StaticServer, startStaticServer } from '../fixtures/static-server.ts';
import { recordFigures } from './record-figures.ts';

/**
 * What IndexedDB's `durability: 'strict'` costs a commit in Chromium on this machine's
 * disk (issue 29: the app's database commits strictly, so a step the person saw survives a
 * power cut). A profile on disk (a persistent context; an ordinary test context keeps its
 * storage in memory), commits shaped like one step's (an event of ~2 KB and a 20 KB file
 * in one transaction), strict and relaxed in alternating rounds. Where `strace` exists, it
 * also counts the disk syncs (fsync, fdatasync) Chromium makes on the IndexedDB files for
 * 100 commits of each kind: what the hint does. Records `idb-durability`.
 */
const COMMITS = Number(process.env.COMMITS ?? 200);
const ROUNDS = 3;
type Durability = 'strict' | 'relaxed';

let profile: string;
let context: BrowserContext;
let app: StaticServer;
beforeAll(async () => {
  profile = mkdtempSync(join(tmpdir(), 'sandpiper-durability-'));
  app = await startStaticServer(BUILT_APP);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});
afterAll(async () => {
  await context?.close();
  await app?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Commits `commits` event-and-file transactions per durability per round in `page`; the time of each (ms). */
function timeCommits(
  page: Page,
  durabilities: readonly Durability[],
  commits: number,
  rounds: number,
): Promise<Record<Durability, number[]>> {
  return page.evaluate(
    async ({ durabilities, commits, rounds }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('sandpiper-bench-durability', 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore('events');
          request.result.createObjectStore('files');
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const event = 'e'.repeat(2_000);
      const file = new Uint8Array(20_000).fill(65);
      const measured: Record<string, number[]> = { strict: [], relaxed: [] };
      for (let round = 0; round < rounds; round += 1) {
        for (const durability of durabilities) {
          for (let index = 0; index < commits; index += 1) {
            const started = performance.now();
            await new Promise<void>((resolve, reject) => {
              const transaction = database.transaction(['events', 'files'], 'readwrite', { durability });
              transaction.objectStore('events').put(event, `${durability}-${round}-${index}`);
              transaction.objectStore('files').put(file, `file-${index % 20}`);
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(transaction.error);
            });
            measured[durability]?.push(performance.now() - started);
          }
        }
      }
      database.close();
      return measured as Record<Durability, number[]>;
    },
    { durabilities, commits, rounds },
  );
}

/**
 * The disk syncs Chromium makes on IndexedDB's files while a fresh profile opens a database
 * and commits 100 transactions of `durability`, counted by strace; null without strace.
 */
async function syncsOf(durability: Durability): Promise<number | null> {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const folder = mkdtempSync(join(tmpdir(), 'sandpiper-durability-strace-'));
  const log = join(folder, 'syncs.txt');
  const wrapper = join(folder, 'chromium.sh');
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec strace -f -qq -y -e trace=fsync,fdatasync -o '${log}' '${chromiumPath}' "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  const traced = await chromium.launchPersistentContext(join(folder, 'profile'), {
    executablePath: wrapper,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await traced.newPage();
    await page.goto(`${app.url}/favicon.svg`);
    await timeCommits(page, [durability], 100, 1);
  } finally {
    await traced.close();
  }
  const syncs = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /f(data)?sync\(/.test(line) && line.includes('/IndexedDB/')).length;
  rmSync(folder, { recursive: true, force: true });
  return syncs;
}

it(`measures ${ROUNDS} × ${COMMITS} strict and relaxed commits`, async () => {
  const page = await context.newPage();
  // A plain file of the app's origin: IndexedDB without the app running beside the bench.
  await page.goto(`${app.url}/favicon.svg`);
  const times = await timeCommits(page, ['relaxed', 'strict'], COMMITS, ROUNDS);
  const syncs = { strict: await syncsOf('strict'), relaxed: await syncsOf('relaxed') };
  const at = (values: number[], quantile: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN) * 100) /
      100
    );
  };
  const line = (name: 'strict' | 'relaxed') =>
    `  ${name.padEnd(8)} median ${at(times[name], 0.5)} ms  p95 ${at(times[name], 0.95)} ms  max ${at(times[name], 1)} ms`;
  console.log(
    [
      `idb-durability (Chromium, profile on ${tmpdir()}, ${ROUNDS} × ${COMMITS} commits each)`,
      line('strict'),
      line('relaxed'),
    ].join('\n'),
  );
  recordFigures('idb-durability', {
    title: `IndexedDB commit time, strict and relaxed, in Chromium on this machine's disk (an event and a 20 KB file per commit, ${ROUNDS} × ${COMMITS} each)`,
    bench: import.meta.url,
    paths: ['tests/fixtures/static-server.ts'],
    command: 'npx vite build && npx vitest run --project bench tests/bench/idb-durability.bench.test.ts',
    figures: [
      { name: 'strict (what the app uses), median', value: at(times.strict, 0.5), unit: 'ms' },
      { name: 'strict, p95', value: at(times.strict, 0.95), unit: 'ms' },
      { name: 'relaxed, median', value: at(times.relaxed, 0.5), unit: 'ms' },
      { name: 'relaxed, p95', value: at(times.relaxed, 0.95), unit: 'ms' },
      ...(syncs.strict === null || syncs.relaxed === null
        ? []
        : [
            {
              name: 'disk syncs on IndexedDB files: opening a database and 100 strict commits',
              value: syncs.strict,
              unit: '',
              note: 'strace -f -e trace=fsync,fdatasync on Chromium',
            },
            { name: 'the same, 100 relaxed commits', value: syncs.relaxed, unit: '' },
          ]),
    ],
  });
  expect(times.strict).toHaveLength(ROUNDS * COMMITS);
}, 300_000);

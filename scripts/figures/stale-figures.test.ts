import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiguresFile, type Measurement } from './figures-file.ts';
import type { MachineFingerprint } from './machine-fingerprint.ts';
import { staleMeasurements, staleReport } from './stale-figures.ts';

const HERE: MachineFingerprint = {
  cpu: 'AMD EPYC',
  cores: 2,
  memoryGiB: 23.5,
  chromium: '156.0.8078.129',
  disk: { device: '/dev/vda', filesystem: 'ext4' },
};

/** A git repository in the temporary folder: a measured file, a bench and a file nothing measures. */
let repository = '';
const git = (...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args],
    { cwd: repository, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
const write = (path: string, text: string) => writeFileSync(join(repository, path), text);
const commitAll = (message: string) => {
  git('add', '-A');
  git('commit', '-q', '-m', message);
  return git('rev-parse', '--short', 'HEAD');
};

function measured(commit: string, change: Partial<Measurement> = {}): Measurement {
  return {
    title: 'Storage',
    command: 'npx vitest run --project bench bench.test.ts',
    commit,
    isDirty: false,
    measuredAt: '2026-11-28T09:00:00.000Z',
    loadAverage: [1, 1, 1],
    cores: 2,
    fingerprint: HERE,
    paths: ['bench.test.ts', 'src/storage/'],
    figures: [{ name: 'a commit', value: 1.1, unit: 'ms' }],
    ...change,
  };
}
const only = (measurement: Measurement): FiguresFile => ({ measurements: { storage: measurement } });

describe('the stale figures check', () => {
  let first = '';
  beforeAll(() => {
    repository = mkdtempSync(join(tmpdir(), 'sandpiper-stale-figures-'));
    git('init', '-q', '--initial-branch=main');
    mkdirSync(join(repository, 'src/storage'), { recursive: true });
    write('src/storage/db.ts', 'export const durability = "strict";\n');
    write('bench.test.ts', 'it("measures");\n');
    write('README.md', 'Sandpiper\n');
    first = commitAll('first');
  });
  afterAll(() => rmSync(repository, { recursive: true, force: true }));

  it('finds a measurement current on its machine, its paths unchanged, whatever else changed', () => {
    expect(staleMeasurements(repository, only(measured(first)), HERE)).toEqual([]);
    write('README.md', 'Sandpiper, again\n');
    commitAll('unmeasured');
    expect(staleMeasurements(repository, only(measured(first)), HERE)).toEqual([]);
    expect(staleReport([], 1)).toEqual(['all 1 measurements current']);
  });

  it('finds it stale once a measured file changes, uncommitted and then committed, naming the file', () => {
    write('src/storage/db.ts', 'export const durability = "relaxed";\n');
    const uncommitted = staleMeasurements(repository, only(measured(first)), HERE);
    expect(uncommitted).toEqual([
      {
        name: 'storage',
        commit: first,
        reasons: [`1 measured path(s) changed since ${first}`],
        changedPaths: ['src/storage/db.ts'],
      },
    ]);
    commitAll('relaxed');
    expect(staleMeasurements(repository, only(measured(first)), HERE)).toEqual(uncommitted);
    expect(staleReport(uncommitted, 3)).toEqual([
      `stale: storage (measured at ${first}): 1 measured path(s) changed since ${first}: src/storage/db.ts`,
      '1 of 3 measurements stale: `npm run bench` (or the command in each table) measures them again',
    ]);
  });

  it('counts a new file in a measured folder, not yet added to git', () => {
    const now = git('rev-parse', '--short', 'HEAD');
    write('src/storage/cache.ts', 'export {};\n');
    expect(staleMeasurements(repository, only(measured(now)), HERE)[0]?.changedPaths).toEqual([
      'src/storage/cache.ts',
    ]);
    commitAll('cache');
  });

  it('leaves it current when only a test beside the measured code changes, not the bench it names', () => {
    const now = git('rev-parse', '--short', 'HEAD');
    write('src/storage/db.test.ts', 'it("reads");\n');
    expect(staleMeasurements(repository, only(measured(now)), HERE)).toEqual([]);
    commitAll('a unit test');
    expect(staleMeasurements(repository, only(measured(now)), HERE)).toEqual([]);
    write('bench.test.ts', 'it("measures more");\n');
    expect(staleMeasurements(repository, only(measured(now)), HERE)[0]?.changedPaths).toEqual([
      'bench.test.ts',
    ]);
    commitAll('the bench');
  });

  it('finds a measurement from another machine stale, saying what differs', () => {
    const now = git('rev-parse', '--short', 'HEAD');
    const elsewhere = { ...HERE, disk: { device: '/dev/sdb1', filesystem: 'xfs' } };
    const [stale] = staleMeasurements(repository, only(measured(now, { fingerprint: elsewhere })), HERE);
    expect(stale?.reasons).toEqual(['measured on another machine (disk: /dev/sdb1 xfs → /dev/vda ext4)']);
    expect(stale?.changedPaths).toEqual([]);
  });

  it('finds stale a measurement recorded without fingerprint or paths, and one of a commit git does not know', () => {
    const now = git('rev-parse', '--short', 'HEAD');
    const old = measured(now);
    delete old.fingerprint;
    delete old.paths;
    // Old entries of docs/figures.json have neither, and still parse.
    expect(FiguresFile.parse(only(old))).toEqual(only(old));
    expect(staleMeasurements(repository, only(old), HERE)[0]?.reasons).toEqual([
      'no fingerprint recorded',
      'no paths recorded',
    ]);
    expect(staleMeasurements(repository, only(measured('0123456')), HERE)[0]?.reasons).toEqual([
      'commit 0123456 unknown to git',
    ]);
  });
});

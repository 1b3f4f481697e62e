import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SHARED_SKIP_MARK, sharedSkipNote } from './shared-folder.ts';
import {
  appendSkipRecord,
  readSkipRecords,
  resetSkipRecords,
  type SkipRecord,
  summaryLine,
  timeLine,
} from './skip-counts.ts';

const ABSENT = `${SHARED_SKIP_MARK} ../shared is absent`;
const present = { label: '../shared', path: '/work/shared', isPresent: true };
const absent = { label: '../shared', path: '/work/shared', isPresent: false };

describe('the skipped-tests line', () => {
  it('counts the tests skipped for want of the shared folder across runs', () => {
    const records: SkipRecord[] = [
      { projects: ['unit'], skippedByNote: { [ABSENT]: 16 } },
      { projects: ['integration'], skippedByNote: { [ABSENT]: 12, '': 1 } },
      { projects: ['e2e'], skippedByNote: {} },
    ];
    expect(summaryLine(records, absent)).toBe(
      '28 tests skipped: ../shared is absent (the specification texts and the real llama-server); ' +
        '1 skipped for other reasons.',
    );
  });

  it('says 0 were skipped for it, and where it was found, when none were', () => {
    const records: SkipRecord[] = [
      { projects: ['unit'], skippedByNote: {} },
      { projects: ['integration'], skippedByNote: { 'port 8080 is taken': 2 } },
    ];
    expect(summaryLine(records, present)).toBe(
      '0 tests skipped for want of ../shared (found at /work/shared); 2 skipped for other reasons.',
    );
  });

  it('names each missing part once when the folder is there but incomplete', () => {
    const note = `${SHARED_SKIP_MARK} ../shared/llm/llama-server is absent`;
    expect(summaryLine([{ projects: ['integration'], skippedByNote: { [note]: 1 } }], present)).toBe(
      '1 test skipped: ../shared/llm/llama-server is absent (the specification texts and the real llama-server).',
    );
  });

  it('names each other reason once with the files it skipped, a skip without a note as such', () => {
    const note = 'mounting a small disk needs root';
    const records: SkipRecord[] = [
      {
        projects: ['integration'],
        skippedByNote: { '': 2, [ABSENT]: 1 },
        filesByNote: {
          '': ['provider-contract.test.ts', 'provider-contract.test.ts'],
          [ABSENT]: ['a.test.ts'],
        },
      },
      { projects: ['e2e'], skippedByNote: { [note]: 1 }, filesByNote: { [note]: ['full-disk.test.ts'] } },
    ];
    expect(summaryLine(records, absent)).toBe(
      '1 test skipped: ../shared is absent (the specification texts and the real llama-server); ' +
        '3 skipped for other reasons: without a note (provider-contract.test.ts ×2); ' +
        'mounting a small disk needs root (full-disk.test.ts).',
    );
  });

  it('says so when no run recorded anything', () => {
    expect(summaryLine([], present)).toMatch(/^No test run recorded/);
  });

  it('gives no note when everything needed is there, and names what is missing otherwise', () => {
    expect(
      sharedSkipNote([{ path: '/work/shared/llm/llama-server', label: '../shared/llm/llama-server' }]),
    ).toBe(null);
    expect(sharedSkipNote([{ path: undefined, label: 'x/llama-server' }])).toMatch(
      new RegExp(`^${SHARED_SKIP_MARK} .* is absent$`),
    );
  });
});

describe('the records file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sandpiper-skips-'));
  const file = join(folder, 'skipped.jsonl');
  afterEach(() => resetSkipRecords(file));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps each run’s record until it is reset', () => {
    appendSkipRecord({ projects: ['unit'], skippedByNote: { [ABSENT]: 3 } }, file);
    appendSkipRecord({ projects: ['e2e'], skippedByNote: {} }, file);
    expect(readSkipRecords(file)).toEqual([
      { projects: ['unit'], skippedByNote: { [ABSENT]: 3 } },
      { projects: ['e2e'], skippedByNote: {} },
    ]);
    resetSkipRecords(file);
    expect(readSkipRecords(file)).toEqual([]);
  });

  it('refuses a malformed record rather than miscounting', () => {
    writeFileSync(file, '{"projects":["unit"],"skippedByNote":{"x":-1}}\n');
    expect(() => readSkipRecords(file)).toThrow();
  });
});

describe('the time line', () => {
  it('says how long npm test took against its goal, with each run’s share and the rest', () => {
    const records: SkipRecord[] = [
      { projects: ['unit', 'unit-isolated'], skippedByNote: {}, durationMs: 35_600 },
      { projects: ['integration'], skippedByNote: {}, durationMs: 293_200 },
      { projects: ['python'], skippedByNote: {} },
      { projects: ['e2e'], skippedByNote: {}, durationMs: 1_208_900 },
    ];
    expect(timeLine(records, 1_662_000)).toBe(
      'npm test took 27 min 42 s, over its goal of 10 min: unit+unit-isolated 36 s, integration 4 min 53 s, ' +
        'e2e 20 min 9 s, the rest 2 min 4 s (typecheck, lint, build).',
    );
    expect(timeLine([{ projects: ['unit'], skippedByNote: {}, durationMs: 40_000 }], 540_000)).toBe(
      'npm test took 9 min 0 s, within its goal of 10 min: unit 40 s, the rest 8 min 20 s (typecheck, lint, build).',
    );
  });
});

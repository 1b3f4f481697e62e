/**
 * What each test run skipped, kept between the vitest runs `npm test` chains (unit,
 * integration, python, e2e), so its last line can say how many tests were skipped for
 * want of the shared folder. tests/skip-reporter.ts appends one record per run;
 * `node scripts/run-ts.mjs tests/skip-counts.ts reset|report` starts and ends the count.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { SHARED_FOLDER, SHARED_LABEL, SHARED_SKIP_MARK } from './shared-folder.ts';

/** Where the records are kept (test-results/ is not committed). */
export const SKIP_COUNTS_FILE = resolve(import.meta.dirname, '../test-results/skipped-tests.jsonl');

/** One vitest run: its projects, and its skipped tests counted by note ('' for none), and by file. */
export const SkipRecord = z.object({
  projects: z.array(z.string()),
  skippedByNote: z.record(z.string(), z.number().int().nonnegative()),
  /** The test files of the skips for reasons other than the shared folder, by note. */
  filesByNote: z.record(z.string(), z.array(z.string())).optional(),
  /** How long the run took, from vitest's start to its end (ms). */
  durationMs: z.number().nonnegative().optional(),
});
export type SkipRecord = z.infer<typeof SkipRecord>;

/** Adds one run's record. */
export function appendSkipRecord(record: SkipRecord, file = SKIP_COUNTS_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(SkipRecord.parse(record))}\n`);
}

/** Every record since the last reset (none when the file is absent). Throws on a malformed line. */
export function readSkipRecords(file = SKIP_COUNTS_FILE): SkipRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => SkipRecord.parse(JSON.parse(line)));
}

/** Forgets every record. */
export function resetSkipRecords(file = SKIP_COUNTS_FILE): void {
  rmSync(file, { force: true });
}

/** When `npm test` started (written by `reset`), for the time its end prints. */
export const STARTED_AT_FILE = resolve(import.meta.dirname, '../test-results/npm-test-started-at.txt');

/** What `npm test` should take on the machines it is run on (issue 41). */
const GOAL_MINUTES = 10;

/** `27 min 42 s`, `36 s`. */
function minutesAndSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * The line `npm test` prints before its last: how long it took, against its goal, and
 * each vitest run's share (the rest is the install check, typecheck, lint and the build).
 */
export function timeLine(records: readonly SkipRecord[], totalMs: number): string {
  const runs = records.filter((record) => record.durationMs !== undefined);
  const measured = runs.reduce((sum, record) => sum + (record.durationMs ?? 0), 0);
  const parts = runs.map(
    (record) => `${record.projects.join('+')} ${minutesAndSeconds(record.durationMs ?? 0)}`,
  );
  const rest = `the rest ${minutesAndSeconds(Math.max(0, totalMs - measured))} (typecheck, lint, build)`;
  const verdict = totalMs <= GOAL_MINUTES * 60_000 ? 'within' : 'over';
  return `npm test took ${minutesAndSeconds(totalMs)}, ${verdict} its goal of ${GOAL_MINUTES} min: ${[...parts, rest].join(', ')}.`;
}

/** How the shared folder is named in the summary. */
export type SharedFolderInfo = { label: string; path: string; isPresent: boolean };

/**
 * The one line `npm test` ends with: how many tests were skipped because (part of) the
 * shared folder is absent, from what the runs recorded; and when none were, where the
 * folder was found and how many were skipped for other reasons.
 */
export function summaryLine(records: readonly SkipRecord[], folder: SharedFolderInfo): string {
  if (records.length === 0)
    return 'No test run recorded its skipped tests (tests/skip-reporter.ts did not run).';
  const notes = new Map<string, number>();
  for (const record of records) {
    for (const [note, count] of Object.entries(record.skippedByNote))
      notes.set(note, (notes.get(note) ?? 0) + count);
  }
  const shared = [...notes].filter(([note]) => note.startsWith(SHARED_SKIP_MARK));
  const sharedCount = shared.reduce((sum, [, count]) => sum + count, 0);
  const otherCount = [...notes].reduce((sum, [, count]) => sum + count, 0) - sharedCount;
  const plural = (count: number) => `${count} ${count === 1 ? 'test' : 'tests'}`;
  const others = otherCount > 0 ? `; ${otherCount} skipped for other reasons${otherReasons(records)}` : '';
  if (sharedCount === 0) {
    const where = folder.isPresent ? `found at ${folder.path}` : 'absent, but no test asked for it';
    return `0 tests skipped for want of ${folder.label} (${where})${others}.`;
  }
  const reasons = [...new Set(shared.map(([note]) => note.slice(SHARED_SKIP_MARK.length).trim()))];
  return (
    `${plural(sharedCount)} skipped: ${reasons.join('; ')} ` +
    `(the specification texts and the real llama-server)${others}.`
  );
}

/**
 * The other skips named, each note once with its test files: `: <note> (<file>); without a
 * note (<file> ×2)`; '' when no run recorded the files.
 */
function otherReasons(records: readonly SkipRecord[]): string {
  const files = new Map<string, string[]>();
  for (const record of records) {
    for (const [note, names] of Object.entries(record.filesByNote ?? {})) {
      if (note.startsWith(SHARED_SKIP_MARK)) continue;
      files.set(note, [...(files.get(note) ?? []), ...names]);
    }
  }
  if (files.size === 0) return '';
  const counted = (names: readonly string[]) =>
    [...new Set(names)]
      .map((name) => {
        const count = names.filter((other) => other === name).length;
        return count > 1 ? `${name} ×${count}` : name;
      })
      .join(', ');
  const parts = [...files].map(([note, names]) => `${note || 'without a note'} (${counted(names)})`);
  return `: ${parts.join('; ')}`;
}

/** `reset` forgets the records and notes the time; `report` prints the time taken and the summary line. */
export function main(args: readonly string[]): void {
  if (args[0] === 'reset') {
    resetSkipRecords();
    mkdirSync(dirname(STARTED_AT_FILE), { recursive: true });
    writeFileSync(STARTED_AT_FILE, String(Date.now()));
    return;
  }
  if (args[0] !== 'report')
    throw new Error('usage: node scripts/run-ts.mjs tests/skip-counts.ts reset|report');
  const folder = { label: SHARED_LABEL, path: SHARED_FOLDER, isPresent: existsSync(SHARED_FOLDER) };
  const records = readSkipRecords();
  if (existsSync(STARTED_AT_FILE)) {
    const startedAt = Number(readFileSync(STARTED_AT_FILE, 'utf8'));
    if (Number.isFinite(startedAt)) console.log(timeLine(records, Date.now() - startedAt));
  }
  console.log(summaryLine(records, folder));
}

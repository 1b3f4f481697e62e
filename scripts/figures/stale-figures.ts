/**
 * Which measurements of docs/figures.json no longer describe the code and the machine at
 * hand (`npm run figures -- --check`): a measurement is stale when a path it measures
 * changed since its commit (committed or not), when it was measured on another machine,
 * when it recorded no fingerprint or no paths, or when git does not know its commit.
 */
import { execFileSync } from 'node:child_process';
import type { FiguresFile } from './figures-file.ts';
import { fingerprintDifferences, type MachineFingerprint } from './machine-fingerprint.ts';

/** A stale measurement: why, and the measured paths that changed since its commit. */
export type StaleMeasurement = {
  name: string;
  commit: string;
  reasons: string[];
  changedPaths: string[];
};

/**
 * The stale measurements of `figures`, in name order, against the git repository at
 * `repository` (its HEAD and its working tree) and the machine `current`.
 */
export function staleMeasurements(
  repository: string,
  figures: FiguresFile,
  current: MachineFingerprint,
): StaleMeasurement[] {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'core.quotePath=false', ...args], {
      cwd: repository,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const isKnown = (commit: string) => {
    try {
      git('cat-file', '-e', `${commit}^{commit}`);
      return true;
    } catch {
      return false;
    }
  };
  const stale: StaleMeasurement[] = [];
  for (const [name, measurement] of Object.entries(figures.measurements).sort(([first], [second]) =>
    first.localeCompare(second),
  )) {
    const reasons: string[] = [];
    let changedPaths: string[] = [];
    const { fingerprint, paths, commit } = measurement;
    if (fingerprint === undefined) reasons.push('no fingerprint recorded');
    else {
      const differences = fingerprintDifferences(fingerprint, current);
      if (differences.length > 0) reasons.push(`measured on another machine (${differences.join('; ')})`);
    }
    if (paths === undefined) reasons.push('no paths recorded');
    if (!isKnown(commit)) reasons.push(`commit ${commit} unknown to git`);
    else if (paths !== undefined) {
      const committed = git('diff', '--name-only', '--no-renames', commit, 'HEAD', '--', ...paths);
      const uncommitted = git('status', '--porcelain', '--untracked-files=all', '--', ...paths);
      changedPaths = [...new Set([...lines(committed), ...lines(uncommitted).flatMap(statusPaths)])]
        .filter((path) => !isUnmeasuredTest(path, paths))
        .sort();
      if (changedPaths.length > 0)
        reasons.push(`${changedPaths.length} measured path(s) changed since ${commit}`);
    }
    if (reasons.length > 0) stale.push({ name, commit, reasons, changedPaths });
  }
  return stale;
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

/**
 * A test file inside a measured folder (`src/…/x.test.ts` beside the code): no bench runs
 * it, so its change leaves the figures as they were. One the measurement names itself
 * (its bench file) is measured.
 */
function isUnmeasuredTest(path: string, measuredPaths: readonly string[]): boolean {
  return /\.test\.tsx?$/.test(path) && !measuredPaths.includes(path);
}

/** The paths of a `git status --porcelain` line: `XY path`, or `XY from -> to` for a rename. */
function statusPaths(line: string): string[] {
  return line
    .slice(3)
    .split(' -> ')
    .map((path) => (path.startsWith('"') ? (JSON.parse(path) as string) : path));
}

/** What `--check` prints: a line per stale measurement, or that all `total` are current. */
export function staleReport(stale: readonly StaleMeasurement[], total: number): string[] {
  if (stale.length === 0) return [`all ${total} measurements current`];
  return [
    ...stale.map(
      (measurement) =>
        `stale: ${measurement.name} (measured at ${measurement.commit}): ${measurement.reasons.join('; ')}` +
        (measurement.changedPaths.length > 0 ? `: ${measurement.changedPaths.join(', ')}` : ''),
    ),
    `${stale.length} of ${total} measurements stale: \`npm run bench\` (or the command in each table) measures them again`,
  ];
}

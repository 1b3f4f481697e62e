import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES_FILE, type Figure, saveMeasurement } from '../../scripts/figures/figures-file.ts';
import { machineFingerprint } from '../../scripts/figures/machine-fingerprint.ts';

/** What a bench measured: a title, its figures and, if running it alone needs more, the command. */
export type Recorded = {
  title: string;
  /** The bench's `import.meta.url`: the default command runs that file alone. */
  bench: string;
  /** The command that measures it again, when it needs more than the file alone (a seed, a build). */
  command?: string;
  /**
   * The files and folders (from the repository's root, a folder ending in `/`) whose change
   * makes these figures stale: the code measured, the fixtures and harness that drive it,
   * the build's configuration where the built app is measured. The bench file is added.
   */
  paths: readonly string[];
  figures: Figure[];
};

/** Where figures go: docs/figures.json, or SANDPIPER_FIGURES (to measure without touching the docs). */
const figuresFile = () =>
  process.env.SANDPIPER_FIGURES ? resolve(process.env.SANDPIPER_FIGURES) : FIGURES_FILE;

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const git = (...args: string[]) => execFileSync('git', args, { cwd: REPOSITORY, encoding: 'utf8' }).trim();

/**
 * The bench file and `paths`, sorted, each checked to exist (a folder written with its
 * trailing `/`), so a path misspelt or moved fails the bench instead of never going stale.
 */
function measuredPaths(bench: string, paths: readonly string[]): string[] {
  const benchFile = relative(REPOSITORY, fileURLToPath(bench));
  for (const path of paths) {
    const full = join(REPOSITORY, path);
    if (!existsSync(full)) throw new Error(`recordFigures: ${path} is not in the repository`);
    if (statSync(full).isDirectory() !== path.endsWith('/'))
      throw new Error(`recordFigures: write a folder with a trailing / and a file without: ${path}`);
  }
  return [...new Set([benchFile, ...paths])].sort();
}

/**
 * Records a bench's figures in docs/figures.json under `name` (the `NAME` of the docs'
 * `<!-- figures:NAME -->` blocks), stamped with the commit, whether the code had
 * uncommitted changes (the docs aside, which the benches and `npm run figures` write), the
 * date, the load average, the cores, the machine's fingerprint and the paths measured.
 * `npm run figures` renders them into the docs; `npm run figures -- --check` says which
 * are stale.
 */
export function recordFigures(name: string, recorded: Recorded): void {
  const file = figuresFile();
  const paths = measuredPaths(recorded.bench, recorded.paths);
  const changed = git('status', '--porcelain', '--', '.', ':(exclude)docs', ':(exclude)README.md');
  saveMeasurement(
    name,
    {
      title: recorded.title,
      command:
        recorded.command ??
        `npx vitest run --project bench ${relative(REPOSITORY, fileURLToPath(recorded.bench))}`,
      commit: git('rev-parse', '--short', 'HEAD'),
      isDirty: changed !== '',
      measuredAt: new Date().toISOString(),
      loadAverage: loadavg().map((average) => Math.round(average * 100) / 100) as [number, number, number],
      cores: availableParallelism(),
      fingerprint: machineFingerprint(REPOSITORY),
      paths,
      figures: recorded.figures,
    },
    file,
  );
  console.log(`figures "${name}" (${recorded.figures.length}) recorded in ${file}`);
}

/** `values` rounded to `digits` and joined: the runs behind a median, for a figure's note. */
export function runsNote(values: readonly number[], digits = 0): string {
  return `runs: ${values.map((value) => value.toFixed(digits)).join(', ')}`;
}

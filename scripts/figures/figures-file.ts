/**
 * docs/figures.json: every figure the benches measured, each measurement with the commit,
 * the date, the machine it was measured on and the repository paths it measures. The
 * benches write it (tests/bench/record-figures.ts); scripts/figures/render-figures.ts
 * renders it into the docs' tables, and with `--check` says which measurements are stale
 * (stale-figures.ts). Read through zod: a hand-edited or half-written file is refused, not
 * rendered.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { MachineFingerprint } from './machine-fingerprint.ts';

export const FIGURES_FILE = resolve(import.meta.dirname, '../../docs/figures.json');

/** One figure: what it is in plain words, its value and its unit ('' for a plain count). */
export const Figure = z.object({
  name: z.string().min(1),
  value: z.number().refine(Number.isFinite, 'a figure is a finite number'),
  unit: z.string(),
  /** The runs behind a median, the seed, what a count is made of… */
  note: z.string().min(1).optional(),
});
export type Figure = z.infer<typeof Figure>;

/** A path inside the repository, relative to its root: `src/shared/storage/`, `vite.config.ts`. */
export const RepositoryPath = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith('/') && !path.split('/').includes('..'), 'a path inside the repository');

/** One measurement (one table in the docs): its figures and where and when they were taken. */
export const Measurement = z.object({
  title: z.string().min(1),
  /** The command that measures it again on its own. */
  command: z.string().min(1),
  /** `git rev-parse --short HEAD` when measured. */
  commit: z.string().regex(/^[0-9a-f]{7,40}$/),
  /** Whether the code had uncommitted changes then (the docs and this file aside). */
  isDirty: z.boolean(),
  measuredAt: z.iso.datetime(),
  /** `os.loadavg()`: 1, 5 and 15 minutes. */
  loadAverage: z.tuple([z.number(), z.number(), z.number()]),
  cores: z.number().int().positive(),
  /** The machine (machine-fingerprint.ts); absent from measurements recorded before it was kept. */
  fingerprint: MachineFingerprint.optional(),
  /**
   * The files and folders (relative to the repository, a folder ending in `/`) whose change
   * makes these figures stale, the bench file among them; absent from measurements recorded
   * before they were kept.
   */
  paths: z.array(RepositoryPath).min(1).optional(),
  figures: z.array(Figure).min(1),
});
export type Measurement = z.infer<typeof Measurement>;

/** A measurement's name: the `NAME` of its `<!-- figures:NAME -->` block. */
export const MeasurementName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

export const FiguresFile = z.object({
  measurements: z.record(MeasurementName, Measurement),
});
export type FiguresFile = z.infer<typeof FiguresFile>;

/** The file's figures; an absent file holds none. Throws, saying where, on a malformed one. */
export function readFigures(file = FIGURES_FILE): FiguresFile {
  if (!existsSync(file)) return { measurements: {} };
  const parsed = FiguresFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a figures file:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Writes the figures, measurements in name order, so a new measurement changes only its own lines. */
export function writeFigures(figures: FiguresFile, file = FIGURES_FILE): void {
  const checked = FiguresFile.parse(figures);
  const sorted = Object.fromEntries(
    Object.entries(checked.measurements).sort(([first], [second]) => first.localeCompare(second)),
  );
  writeFileSync(file, `${formatJson({ measurements: sorted })}\n`);
}

/** Biome's `lineWidth` (biome.json). */
const LINE_WIDTH = 110;

/**
 * JSON as Biome formats it here: two spaces, and an array of numbers or strings (the load
 * average, the paths) on one line when that line, its comma included, fits the line width.
 */
function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replaceAll(
    /^( *)("(?:[^"\\]|\\.)*": )?\[\n((?: *(?:"(?:[^"\\]|\\.)*"|-?[\d.e+-]+),?\n)+) *\](,?)$/gm,
    (whole, indent: string, key: string | undefined, items: string, comma: string) => {
      const line = `${indent}${key ?? ''}[${items.trim().split(/,\n */).join(', ')}]${comma}`;
      return line.length <= LINE_WIDTH ? line : whole;
    },
  );
}

/** Sets (or replaces) one measurement in the file. */
export function saveMeasurement(name: string, measurement: Measurement, file = FIGURES_FILE): void {
  const figures = readFigures(file);
  writeFigures(
    { measurements: { ...figures.measurements, [MeasurementName.parse(name)]: measurement } },
    file,
  );
}

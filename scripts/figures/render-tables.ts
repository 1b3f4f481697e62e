/**
 * Renders measurements (docs/figures.json) as markdown tables between
 * `<!-- figures:NAME -->` and `<!-- /figures:NAME -->` in a document. Pure: text in,
 * text out; render-figures.ts reads and writes the files.
 */
import type { FiguresFile, Measurement } from './figures-file.ts';

/** A figures block, markers included; its name is the first group. */
export const FIGURES_BLOCK = /<!-- figures:([a-z0-9-]+) -->[\s\S]*?<!-- \/figures:\1 -->/g;

/** A value with its unit: `1,234.5 ms`, `98.51%`, `3` (a plain count). */
export function formatValue(value: number, unit: string): string {
  const number = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (unit === '') return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The machine, as far as the measurement recorded it: `AMD EPYC, 2 cores, 23.5 GiB, Chromium 156…, ext4 disk`. */
function machineOf(measurement: Measurement): string {
  const { fingerprint } = measurement;
  if (fingerprint === undefined) return `${measurement.cores} cores`;
  return [
    fingerprint.cpu,
    `${fingerprint.cores} cores`,
    `${fingerprint.memoryGiB} GiB`,
    fingerprint.chromium === null ? 'no Chromium' : `Chromium ${fingerprint.chromium}`,
    fingerprint.disk === null
      ? 'disk unknown'
      : `${fingerprint.disk.filesystem} disk (${fingerprint.disk.device})`,
  ].join(', ');
}

/** The line that says where and when a measurement was taken, and how to take it again. */
export function stampOf(measurement: Measurement): string {
  const load = measurement.loadAverage.map((average) => average.toFixed(1)).join(' / ');
  const dirty = measurement.isDirty ? ' (with uncommitted changes)' : '';
  return (
    `Measured at ${measurement.commit}${dirty} on ${measurement.measuredAt.slice(0, 10)}, ` +
    `${machineOf(measurement)}, load average ${load} (1 / 5 / 15 min); ` +
    `again: \`${measurement.command}\`.`
  );
}

/** The markdown of one measurement: its title, its stamp and a table of its figures. */
export function renderMeasurement(measurement: Measurement): string {
  const hasNotes = measurement.figures.some((figure) => figure.note !== undefined);
  const header = hasNotes
    ? ['| Figure | Value | Note |', '| --- | --- | --- |']
    : ['| Figure | Value |', '| --- | --- |'];
  const rows = measurement.figures.map((figure) => {
    const cells = [cell(figure.name), formatValue(figure.value, figure.unit)];
    if (hasNotes) cells.push(cell(figure.note ?? ''));
    return `| ${cells.join(' | ')} |`;
  });
  return [`**${measurement.title}.** ${stampOf(measurement)}`, '', ...header, ...rows].join('\n');
}

/** What a block shows for a measurement the file does not hold. */
export function renderMissing(name: string): string {
  return `*Not measured yet: \`npm run bench\` records \`${name}\` in docs/figures.json.*`;
}

/** The whole block for `name`, markers included. */
export function renderBlock(name: string, figures: FiguresFile): string {
  const measurement = figures.measurements[name];
  const body = measurement ? renderMeasurement(measurement) : renderMissing(name);
  return `<!-- figures:${name} -->\n${body}\n<!-- /figures:${name} -->`;
}

/** The names of the figures blocks in `text`, in order (a name may repeat). */
export function blockNames(text: string): string[] {
  return [...text.matchAll(FIGURES_BLOCK)].map((match) => match[1] ?? '');
}

/** `text` with every figures block rendered afresh from `figures`; everything else untouched. */
export function renderBlocks(text: string, figures: FiguresFile): string {
  return text.replaceAll(FIGURES_BLOCK, (_whole, name: string) => renderBlock(name, figures));
}

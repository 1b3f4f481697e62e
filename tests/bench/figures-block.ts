import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * Writes a bench's figures into a document between `<!-- figures:NAME -->` and
 * `<!-- /figures:NAME -->`, so the figures a document shows are the ones the bench
 * printed, with the commit and the machine's load, never copied by hand. A document
 * without the markers is left alone (and said so).
 */
export function writeFiguresBlock(documentPath: string, name: string, lines: readonly string[]): void {
  const start = `<!-- figures:${name} -->`;
  const end = `<!-- /figures:${name} -->`;
  const text = readFileSync(documentPath, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.warn(`${documentPath} has no ${start} … ${end} block: its figures were not written.`);
    return;
  }
  const stamp = `Written by the bench on ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min):`;
  const block = ['', stamp, '', '```text', ...lines, '```', ''].join('\n');
  writeFileSync(documentPath, `${text.slice(0, from + start.length)}${block}${text.slice(to)}`);
}

/**
 * `npm run figures` (and the end of `npm run bench`): renders docs/figures.json into the
 * figures blocks of the README and of every document in docs/, and says which blocks
 * name a measurement the file does not hold. `npm run figures -- --check` renders nothing:
 * it lists the stale measurements (stale-figures.ts) and exits 1 when there are any.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { readFigures } from './figures-file.ts';
import { machineFingerprint } from './machine-fingerprint.ts';
import { blockNames, renderBlocks } from './render-tables.ts';
import { staleMeasurements, staleReport } from './stale-figures.ts';

const REPOSITORY = resolve(import.meta.dirname, '../..');

/** The documents that may hold figures blocks: README.md and docs/*.md. */
export function figureDocuments(repository = REPOSITORY): string[] {
  const docs = join(repository, 'docs');
  return [
    join(repository, 'README.md'),
    ...readdirSync(docs)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => join(docs, name)),
  ];
}

/** `npm run figures`: renders the blocks; `npm run figures -- --check`: lists the stale measurements. */
export function main(args: readonly string[] = []): void {
  if (args.includes('--check')) {
    check();
    return;
  }
  const figures = readFigures();
  const used = new Set<string>();
  for (const document of figureDocuments()) {
    const text = readFileSync(document, 'utf8');
    const names = blockNames(text);
    if (names.length === 0) continue;
    for (const name of names) used.add(name);
    const rendered = renderBlocks(text, figures);
    const missing = names.filter((name) => figures.measurements[name] === undefined);
    if (rendered !== text) writeFileSync(document, rendered);
    console.log(
      `${relative(REPOSITORY, document)}: ${names.length} figures blocks${rendered === text ? ', unchanged' : ', rendered'}` +
        (missing.length > 0 ? `; not measured yet: ${missing.join(', ')}` : ''),
    );
  }
  const unused = Object.keys(figures.measurements).filter((name) => !used.has(name));
  if (unused.length > 0) console.log(`measured but shown nowhere: ${unused.join(', ')}`);
}

/** Prints the stale measurements, or that all are current; exit code 1 when any is stale. */
function check(): void {
  const figures = readFigures();
  const stale = staleMeasurements(REPOSITORY, figures, machineFingerprint(REPOSITORY));
  for (const line of staleReport(stale, Object.keys(figures.measurements).length)) console.log(line);
  if (stale.length > 0) process.exitCode = 1;
}

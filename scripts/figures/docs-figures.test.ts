import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFigures } from './figures-file.ts';
import { proseFigures } from './prose-figures.ts';
import { figureDocuments } from './render-figures.ts';
import { blockNames, renderBlocks } from './render-tables.ts';

/**
 * The figures the docs show are the ones docs/figures.json holds, rendered by
 * `npm run figures`: a figure edited by hand in a block, or a file re-measured and not
 * rendered, fails here.
 */
const REPOSITORY = resolve(import.meta.dirname, '../..');
const figures = readFigures();
const documents = figureDocuments().map((path) => ({
  name: relative(REPOSITORY, path),
  text: readFileSync(path, 'utf8'),
}));

describe('the docs’ figures', () => {
  it.each(documents.filter((document) => blockNames(document.text).length > 0))(
    '$name shows exactly what `npm run figures` renders from docs/figures.json',
    ({ text }) => {
      expect(text).toBe(renderBlocks(text, figures));
    },
  );

  it('has no measured figure in prose, outside the blocks (bounds and settings aside: prose-figures.ts)', () => {
    const typed = documents.flatMap((document) =>
      proseFigures(document.text).map((figure) => `${document.name}:${figure.line}: ${figure.phrase}`),
    );
    expect(typed).toEqual([]);
  });

  it('shows only measurements the file holds', () => {
    const shown = documents.flatMap((document) => blockNames(document.text));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((name) => figures.measurements[name] === undefined)).toEqual([]);
  });
});

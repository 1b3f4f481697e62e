import type { PageElement, PageNode } from './page-dom.ts';

/**
 * The content cut into pieces of bounded size for the markdown converter, whose time
 * grows with the square of its input (it copies its whole output at every element it
 * post-processes: 0.9 MB of article took 21 s in one call). Cuts fall between blocks, and
 * never inside a run of inline content unless the run alone is too long; a long table
 * is cut between rows (each part repeats the header row), a long list between items.
 */

/** Largest piece of HTML translated in one call, in characters. */
export const CHUNK_CHARACTERS = 24_000;

const BLOCK_TAGS = new Set(
  'address article aside blockquote center details dl div fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul'.split(
    ' ',
  ),
);
const WRAPPER_TAGS = new Set('article aside body center div footer header main nav section'.split(' '));

type Serialisable = PageNode & { outerHTML?: string; localName?: string };

function htmlOf(node: Serialisable): string {
  if (node.nodeType === 1) return node.outerHTML ?? '';
  if (node.nodeType === 3)
    return (node.textContent ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return '';
}

function isBlankText(node: Serialisable): boolean {
  return node.nodeType === 3 && (node.textContent ?? '').trim() === '';
}

function isBlock(node: Serialisable): boolean {
  return (
    node.nodeType === 1 && (BLOCK_TAGS.has(node.localName ?? '') || WRAPPER_TAGS.has(node.localName ?? ''))
  );
}

/** The rows of a table (from its sections, in order) and the row to repeat as header. */
function rowsOf(table: PageElement): { header: string; rows: string[] } {
  const rows = Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
  const headerRow = rows[0];
  return {
    header: headerRow ? htmlOf(headerRow as Serialisable) : '',
    rows: rows.slice(1).map((row) => htmlOf(row as Serialisable)),
  };
}

/** Groups `parts` into runs of at most `limit` characters (a longer part stands alone). */
function grouped(parts: string[], limit: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const part of parts) {
    if (current.length > 0 && size + part.length > limit) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(part);
    size += part.length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function piecesOf(node: Serialisable, limit: number): string[] {
  const html = htmlOf(node);
  if (html.length <= limit || node.nodeType !== 1) return [html];
  const element = node as unknown as PageElement;
  const tag = element.localName;
  if (WRAPPER_TAGS.has(tag)) return piecesOfChildren(element, limit);
  if (tag === 'table') {
    const { header, rows } = rowsOf(element);
    return grouped(rows, limit).map(
      (group) => `<table><thead>${header}</thead><tbody>${group.join('')}</tbody></table>`,
    );
  }
  // Spaces between list items mean nothing; between words they do.
  const isList = tag === 'ul' || tag === 'ol';
  const children = Array.from(element.childNodes as ArrayLike<Serialisable>).filter(
    (child) => !isList || !isBlankText(child),
  );
  if (children.length < 2) return [html];
  // A list is cut between items; any other long element (a paragraph of a thousand
  // emphasised words) between its children, each part in an element of its own.
  return grouped(children.map(htmlOf), limit).map((group) => `<${tag}>${group.join('')}</${tag}>`);
}

/** The pieces of an element's children: blocks on their own, each run of inline content kept together. */
function piecesOfChildren(element: PageElement, limit: number): string[] {
  const pieces: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    const size = run.reduce((total, part) => total + part.length, 0);
    if (size <= limit) pieces.push(run.join(''));
    else pieces.push(...grouped(run, limit).map((group) => `<p>${group.join('')}</p>`));
    run = [];
  };
  for (const child of Array.from(element.childNodes as ArrayLike<Serialisable>)) {
    if (!isBlock(child)) {
      run.push(htmlOf(child));
      continue;
    }
    if (run.length > 0) endRun();
    pieces.push(...piecesOf(child, limit));
  }
  if (run.length > 0) endRun();
  return pieces.filter((piece) => piece.trim() !== '');
}

/** The children of `root` as HTML pieces of about `limit` characters each, cut between blocks. */
export function htmlChunks(root: PageElement, limit = CHUNK_CHARACTERS): string[] {
  return grouped(piecesOfChildren(root, limit), limit).map((group) => group.join(''));
}

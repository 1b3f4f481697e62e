import type { PageElement, PageNode } from './page-dom.ts';

/**
 * The content cut into pieces of bounded size for the markdown converter, whose time
 * grows with the square of its input (it copies its whole output at every element it
 * post-processes: 0.9 MB of article took 21 s in one call). Cuts fall only between
 * blocks; a long table is cut between rows (each part repeats the header row) and a long
 * list between items.
 */

/** Largest piece of HTML translated in one call, in characters. */
export const CHUNK_CHARACTERS = 24_000;

const BLOCK_TAGS = new Set(
  'address article aside blockquote center details dl div fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul'.split(
    ' ',
  ),
);
const WRAPPER_TAGS = new Set('article aside center div footer header main nav section'.split(' '));

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

/** Whether every child of `element` is a block (or blank text): cutting between them keeps paragraphs whole. */
function holdsOnlyBlocks(element: PageElement): boolean {
  return Array.from(element.childNodes as ArrayLike<Serialisable>).every(
    (child) =>
      isBlankText(child) ||
      child.nodeType === 8 ||
      (child.nodeType === 1 && BLOCK_TAGS.has(child.localName ?? '')),
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
  if (WRAPPER_TAGS.has(element.localName) && holdsOnlyBlocks(element)) {
    return Array.from(element.childNodes as ArrayLike<Serialisable>).flatMap((child) =>
      piecesOf(child, limit),
    );
  }
  if (element.localName === 'table') {
    const { header, rows } = rowsOf(element);
    return grouped(rows, limit).map(
      (group) => `<table><thead>${header}</thead><tbody>${group.join('')}</tbody></table>`,
    );
  }
  if (element.localName === 'ul' || element.localName === 'ol') {
    const items = Array.from(element.childNodes as ArrayLike<Serialisable>).filter(
      (child) => !isBlankText(child),
    );
    const tag = element.localName;
    return grouped(items.map(htmlOf), limit).map((group) => `<${tag}>${group.join('')}</${tag}>`);
  }
  return [html];
}

/** The children of `root` as HTML pieces of about `limit` characters each, cut between blocks. */
export function htmlChunks(root: PageElement, limit = CHUNK_CHARACTERS): string[] {
  if (!holdsOnlyBlocks(root)) return [root.innerHTML];
  const pieces = Array.from(root.childNodes as ArrayLike<Serialisable>).flatMap((child) =>
    piecesOf(child, limit),
  );
  return grouped(pieces, limit).map((group) => group.join(''));
}

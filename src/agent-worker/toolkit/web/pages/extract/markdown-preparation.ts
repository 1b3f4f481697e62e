import { absoluteHttpUrl, isSafeLinkTarget } from '../safe-url.ts';
import { removeNeverContent } from './page-cleaning.ts';
import { allOf, type PageDocument, type PageElement, textOf, unwrap } from './page-dom.ts';

/** Stands for `|` inside table cells until the markdown is written (the converter escapes only the first). */
export const CELL_PIPE = '\ue000';

/** Attributes kept per element; every other attribute is dropped. */
const KEPT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
  code: ['class'],
  pre: ['class'],
};

/**
 * Readies the content under `root` for the markdown converter: never-content removed
 * again, links and images made absolute (unsafe ones become their text), attributes
 * reduced to those markdown can say, layout tables unwrapped, captions moved above
 * their tables, and pipes in cells set aside.
 */
export function prepareForMarkdown(document: PageDocument, root: PageElement, baseUrl: string): void {
  removeNeverContent(root, baseUrl);
  for (const link of allOf(root, 'a')) prepareLink(link, baseUrl);
  for (const image of allOf(root, 'img')) prepareImage(document, image, baseUrl);
  for (const element of [root, ...allOf(root, '*')]) keepOnlyMarkdownAttributes(element);
  unwrapLayoutTables(document, root);
  for (const caption of allOf(root, 'table > caption')) moveCaptionAbove(document, caption);
  for (const cell of allOf(root, 'td, th')) setAsidePipes(cell);
}

/** `target` as an address the markdown may keep, or null. Relative addresses stay relative on a non-web page. */
function resolveTarget(target: string, baseUrl: string): string | null {
  const trimmed = target.trim();
  if (trimmed === '' || !isSafeLinkTarget(trimmed)) return null;
  if (/^https?:/i.test(baseUrl)) return absoluteHttpUrl(trimmed, baseUrl);
  if (/^file:/i.test(trimmed)) return decodeURI(new URL(trimmed).pathname);
  return /^https?:|^\/\/|^[^:]*$/i.test(trimmed) ? trimmed : null;
}

function prepareLink(link: PageElement, baseUrl: string): void {
  const href = link.getAttribute('href');
  const target = href === null || /^\s*#?\s*$/.test(href) ? null : resolveTarget(href, baseUrl);
  if (target === null) unwrap(link);
  else link.setAttribute('href', target);
}

/** The image's real source: `src`, else the first lazy-loading attribute or `srcset` entry that is not `data:`. */
function sourceOf(image: PageElement): string {
  const candidates = [
    image.getAttribute('src'),
    image.getAttribute('data-src'),
    image.getAttribute('data-original'),
    image.getAttribute('data-lazy-src'),
    (image.getAttribute('srcset') ?? image.getAttribute('data-srcset') ?? '')
      .split(',')[0]
      ?.trim()
      .split(/\s+/)[0],
  ];
  return candidates.find((candidate) => candidate && !/^\s*data:/i.test(candidate))?.trim() ?? '';
}

function prepareImage(document: PageDocument, image: PageElement, baseUrl: string): void {
  const source = sourceOf(image);
  const target = source === '' ? null : resolveTarget(source, baseUrl);
  if (target !== null) {
    image.setAttribute('src', target);
    return;
  }
  const alt = (image.getAttribute('alt') ?? '').trim();
  if (alt === '') image.remove();
  else image.replaceWith(document.createTextNode(alt));
}

function keepOnlyMarkdownAttributes(element: PageElement): void {
  const kept = KEPT_ATTRIBUTES[element.localName] ?? [];
  for (const { name } of Array.from(element.attributes)) {
    if (!kept.includes(name.toLowerCase())) element.removeAttribute(name);
  }
  const language = /(?:^|\s)(?:language|lang)-([\w#+.-]{1,40})/.exec(
    element.getAttribute('class') ?? '',
  )?.[1];
  if (element.getAttribute('class') !== null) {
    if (language) element.setAttribute('class', `language-${language}`);
    else element.removeAttribute('class');
  }
}

/**
 * Tables used for layout become their cells' content: a table holding another table,
 * or marked `role="presentation"`. Outer tables go first, so data tables inside survive.
 */
function unwrapLayoutTables(document: PageDocument, root: PageElement): void {
  for (let round = 0; round < 20; round++) {
    const layout = allOf(root, 'table').find(
      (table) =>
        table.querySelector('table') !== null ||
        /^(?:presentation|none)$/i.test(table.getAttribute('role') ?? ''),
    );
    if (!layout) return;
    for (const cell of allOf(layout, 'td, th')) {
      if (cell.closest('table') !== layout) continue;
      const block = document.createElement('div');
      block.append(...Array.from(cell.childNodes));
      cell.replaceWith(block);
    }
    for (const part of allOf(layout, 'tr, tbody, thead, tfoot')) {
      if (part.closest('table') === layout) unwrap(part);
    }
    unwrap(layout);
  }
}

function moveCaptionAbove(document: PageDocument, caption: PageElement): void {
  const table = caption.parentElement;
  const text = textOf(caption);
  caption.remove();
  if (!table || text === '') return;
  const paragraph = document.createElement('p');
  const strong = document.createElement('strong');
  strong.append(text);
  paragraph.append(strong);
  table.before(paragraph);
}

function setAsidePipes(cell: PageElement): void {
  const walk = (node: { nodeType: number; textContent: string | null; childNodes: ArrayLike<unknown> }) => {
    if (node.nodeType === 3) {
      if (node.textContent?.includes('|')) node.textContent = node.textContent.replaceAll('|', CELL_PIPE);
      return;
    }
    for (const child of Array.from(node.childNodes)) walk(child as typeof node);
  };
  walk(cell);
}

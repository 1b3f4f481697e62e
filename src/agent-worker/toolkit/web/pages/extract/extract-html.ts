import Defuddle from 'defuddle';
import { parseHTML } from 'linkedom';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import type { ExtractedPage } from '../extracted-page.ts';
import { countWords, firstHeading, isoDate, oneLine } from '../page-text.ts';
import { neutraliseLinks } from '../safe-markdown.ts';
import { absoluteHttpUrl } from '../safe-url.ts';
import { htmlChunks } from './html-chunks.ts';
import { CELL_PIPE, prepareForMarkdown } from './markdown-preparation.ts';
import { removeFurniture, removeNeverContent } from './page-cleaning.ts';
import { allOf, flattenBeyond, type PageDocument, textOf } from './page-dom.ts';
import { wellFormedDocument } from './well-formed-document.ts';

/**
 * HTML to a readable page, in the worker (no `DOMParser` there): linkedom parses, Defuddle
 * picks the main content and the metadata, node-html-markdown writes GFM. This module is
 * loaded with `import()` so that the three libraries stay out of the worker's first chunk.
 */

/** Fewer words than this from the content picker, and the cleaned body is tried too. */
const FEW_WORDS = 30;

const converter = new NodeHtmlMarkdown({
  bulletMarker: '-',
  maxConsecutiveNewlines: 2,
  // The library's default escapes every "1. " in a line, not only at its start.
  lineStartEscape: [/^(\s*?)((?:\+\s)|(?:[=>-])|(?:#{1,6}\s))|^(\s*?)(\d+)(\.\s)/gm, '$1$3$4\\$2$5'],
});

/**
 * The readable content of `html` (fetched from `pageUrl`) as markdown, with its title
 * and what the page says of its author, site, date and language. Links and images are
 * absolute (against `<base href>` when the page has one) and only http(s); scripts,
 * styles, frames, forms, navigation, cookie banners, popups, ads, share widgets and
 * tracking pixels are left out. When the content picker finds too little, the whole
 * body without its furniture is used; when that is empty too, the body as it is.
 */
export async function extractHtml(html: string, pageUrl: string): Promise<ExtractedPage> {
  const source = wellFormedDocument(html.replaceAll(CELL_PIPE, '\ufffd'));
  const document = parseDocument(source);
  const baseUrl = baseOf(document, pageUrl);
  const headings = allOf(document, 'h1').map((heading) => oneLine(textOf(heading)));
  const documentTitle = document.title;
  if (document.body) removeNeverContent(document.body, baseUrl);

  const picked = pickContent(document, pageUrl);
  let markdown = toMarkdown(picked?.content ?? '', baseUrl);
  if (countWords(markdown) < FEW_WORDS) {
    const body = cleanedBody(source, baseUrl, true);
    if (countWords(body) > countWords(markdown)) markdown = body;
  }
  if (countWords(markdown) === 0) markdown = cleanedBody(source, baseUrl, false);

  const title = chooseTitle(picked?.title ?? '', documentTitle, headings, markdown, pageUrl);
  markdown = withoutLeadingTitle(markdown, title);
  const host = hostOf(pageUrl);
  const byline = oneLine(picked?.author, 200);
  const siteName = oneLine(picked?.site, 200);
  const published = isoDate(picked?.published);
  const lang = oneLine(picked?.language || document.documentElement.getAttribute('lang'), 35);
  return {
    title,
    markdown,
    wordCount: countWords(markdown),
    ...(byline ? { byline } : {}),
    ...(siteName && siteName.toLowerCase() !== host ? { siteName } : {}),
    ...(published ? { published } : {}),
    ...(lang ? { lang } : {}),
  };
}

/** The whole body as markdown, never-content removed, and its furniture too when `isFurnitureRemoved`. */
function cleanedBody(html: string, baseUrl: string, isFurnitureRemoved: boolean): string {
  const body = parseDocument(html).body;
  if (!body) return '';
  removeNeverContent(body, baseUrl);
  if (isFurnitureRemoved) removeFurniture(body);
  return toMarkdown(body.innerHTML, baseUrl);
}

/** Deepest nesting kept: real pages stay far below it, hostile ones are flattened to it. */
const MAX_DEPTH = 128;

function parseDocument(html: string): PageDocument {
  const { document } = parseHTML(html) as unknown as { document: PageDocument };
  flattenBeyond(document.documentElement, MAX_DEPTH);
  return document;
}

/** The `<base href>` resolved against the page when it is http(s), else the page's address. */
function baseOf(document: PageDocument, pageUrl: string): string {
  const base = document.querySelector('base[href]')?.getAttribute('href');
  if (!base || !/^https?:/i.test(pageUrl)) return pageUrl;
  return absoluteHttpUrl(base, pageUrl) ?? pageUrl;
}

type Picked = {
  content: string;
  title: string;
  author: string;
  site: string;
  published: string;
  language: string;
};

/** Defuddle's main content and metadata, or null when it fails. It may not fetch anything. */
function pickContent(document: PageDocument, pageUrl: string): Picked | null {
  try {
    const picker = new Defuddle(document as unknown as ConstructorParameters<typeof Defuddle>[0], {
      url: pageUrl,
      useAsync: false,
      fetch: () => Promise.reject(new Error('The extractor does not fetch.')),
    });
    return picker.parse();
  } catch {
    return null;
  }
}

/** HTML content to safe GFM: readied in a fresh document, converted, then neutralised. */
function toMarkdown(content: string, baseUrl: string): string {
  if (content.trim() === '') return '';
  const document = parseDocument(`<!doctype html><html><head></head><body>${content}</body></html>`);
  const body = document.body;
  if (!body) return '';
  prepareForMarkdown(document, body, baseUrl);
  const markdown = htmlChunks(body)
    .map((chunk) => translate(chunk).trim())
    .filter((chunk) => chunk !== '')
    .join('\n\n')
    .replaceAll(CELL_PIPE, '\\|');
  return neutraliseLinks(withPlainCellStarts(markdown.trim()), baseUrl);
}

/**
 * The converter's translation. It reads `process.env.LOG_PERF` on every call, and a
 * browser worker has no `process`. Vite's app build rewrites `process.env` to `{}`, but
 * its dev server's pre-bundled dependencies and library builds do not: a `process` is
 * lent for the (synchronous) call and taken back, so no other code takes the worker for Node.
 */
function translate(html: string): string {
  const scope = globalThis as { process?: unknown };
  const isLent = scope.process === undefined;
  if (isLent) scope.process = { env: {} };
  try {
    return converter.translate(html);
  } finally {
    if (isLent) delete scope.process;
  }
}

/**
 * Table rows without the converter's escapes at the start of a cell (`| \-1.7% |`): a
 * cell holds inline text, where `-`, `+`, `#`, `>`, `=` and `1.` mean nothing.
 */
function withPlainCellStarts(markdown: string): string {
  let isInCode = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(?:`{3,}|~{3,})/.test(line)) isInCode = !isInCode;
      if (isInCode || !/^\|.*\|$/.test(line)) return line;
      return line.replace(/(\|[ \t]*)\\([-+#>=])/g, '$1$2').replace(/(\|[ \t]*\d+)\\\./g, '$1.');
    })
    .join('\n');
}

/**
 * The page's title: the picker's (or `<title>`'s), shortened to the page's only `<h1>`
 * when the title is that heading followed by the site's name (`Getting started — Docs`).
 */
function chooseTitle(
  picked: string,
  documentTitle: string,
  headings: string[],
  markdown: string,
  pageUrl: string,
) {
  const title = oneLine(picked) || oneLine(documentTitle);
  const heading = headings.length === 1 ? (headings[0] ?? '') : '';
  const rest = title.slice(heading.length);
  if (heading && title.toLowerCase().startsWith(heading.toLowerCase()) && /^\s*[-–—|·:•»]\s*\S/.test(rest)) {
    return heading;
  }
  return title || heading || firstHeading(markdown) || hostOf(pageUrl);
}

/** `markdown` without a first heading that only repeats the title (the saved page has its own). */
function withoutLeadingTitle(markdown: string, title: string): string {
  const first = /^#{1,6}[ \t]+(.+?)[ \t#]*(?:\n+|$)/.exec(markdown);
  if (!first || oneLine(first[1]!.replace(/\\(.)/g, '$1')).toLowerCase() !== title.toLowerCase())
    return markdown;
  return markdown.slice(first[0].length);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

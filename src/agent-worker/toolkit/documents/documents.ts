import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type {
  DocumentExtractor,
  DocumentFormat,
  ExtractedDocument,
  ExtractionOptions,
} from './document-types.ts';

/** Largest file read as a document: past it, extraction is refused unread. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** Most characters of one metadata value kept (a title, an author). */
export const MAX_METADATA_CHARACTERS = 200;
/** Most warnings kept; the rest are counted. */
export const MAX_WARNINGS = 10;

/**
 * The documents the worker reads: format by extension, and each format's extractor
 * loaded with `import()` on first use, so pdf.js, mammoth and read-excel-file stay out
 * of the worker's first chunk (src/shared/pwa/lazy-chunks.ts keeps them out of the precache;
 * the service worker caches them when first loaded).
 */
const EXTRACTORS: Record<DocumentFormat, () => Promise<DocumentExtractor>> = {
  pdf: async () => (await import('./extractors/pdf.ts')).extractPdf,
  docx: async () => (await import('./extractors/docx.ts')).extractDocx,
  xlsx: async () => (await import('./extractors/xlsx.ts')).extractXlsx,
  csv: async () => (await import('./extractors/csv.ts')).extractCsv,
  pptx: async () => (await import('./extractors/pptx.ts')).extractPptx,
};

const FORMAT_NAMES: Record<DocumentFormat, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  csv: 'CSV table',
  pptx: 'PowerPoint presentation',
};

/** Old binary Office formats, refused with what to do instead. */
const UNSUPPORTED: Record<string, string> = {
  xls: 'legacy Excel .xls files cannot be read here (only .xlsx). Ask for the file saved as .xlsx or .csv.',
  doc: 'legacy Word .doc files cannot be read here (only .docx). Ask for the file saved as .docx or .pdf.',
  ppt: 'legacy PowerPoint .ppt files cannot be read here (only .pptx). Ask for the file saved as .pptx or .pdf.',
};

function extensionOf(path: string): string {
  return /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
}

/** The document format of a path by its extension, or null when it is not a document read here. */
export function documentFormat(path: string): DocumentFormat | null {
  const extension = extensionOf(path);
  return extension in EXTRACTORS ? (extension as DocumentFormat) : null;
}

/** Why a document of a format not supported cannot be read (`.xls`, `.doc`, `.ppt`), or null. */
export function unsupportedDocument(path: string): string | null {
  return UNSUPPORTED[extensionOf(path)] ?? null;
}

/** The document with its metadata values and its warnings cut to a size an observation can carry. */
function bounded(document: ExtractedDocument): ExtractedDocument {
  const metadata = Object.fromEntries(
    Object.entries(document.metadata).map(([key, value]) => [
      key,
      value.length > MAX_METADATA_CHARACTERS ? `${value.slice(0, MAX_METADATA_CHARACTERS)}…` : value,
    ]),
  );
  const warnings = document.warnings.map((warning) =>
    warning.length > MAX_METADATA_CHARACTERS ? `${warning.slice(0, MAX_METADATA_CHARACTERS)}…` : warning,
  );
  const extra = warnings.length - MAX_WARNINGS;
  return {
    ...document,
    metadata,
    warnings:
      extra > 0
        ? [...warnings.slice(0, MAX_WARNINGS), `… and ${extra} more warning${extra === 1 ? '' : 's'}.`]
        : warnings,
  };
}

/**
 * A document's text, or an error message the model can act on (a damaged file, a
 * password, a file too large) — never a throw for a file that cannot be read; it
 * throws only when `options.signal` aborts. Metadata values and warnings are bounded.
 */
export async function extractDocument(
  bytes: Uint8Array,
  path: string,
  format: DocumentFormat,
  options: ExtractionOptions = {},
): Promise<{ document: ExtractedDocument } | { error: string }> {
  const name = path.split('/').at(-1) ?? path;
  if (bytes.byteLength > MAX_DOCUMENT_BYTES)
    return {
      error: `${path} is ${Math.ceil(bytes.byteLength / 1024 / 1024)} MB; documents over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB are not read here.`,
    };
  try {
    const extract = await EXTRACTORS[format]();
    return { document: bounded(await extract(bytes, name, options)) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    return { error: `${path} could not be read as a ${FORMAT_NAMES[format]}: ${reason}` };
  }
}

/** `path` as an absolute path with `.`, `..` and repeated slashes resolved (`..` stops at the root). */
export function normalizedPath(path: string): string {
  const parts: string[] = [];
  for (const part of path.trim().split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Where the whole text of a document is saved when an observation shows only part of it. */
export function extractedTextPath(path: string): string {
  const normal = normalizedPath(path);
  const relative = normal.startsWith(`${WORKSPACE_ROOT}/`)
    ? normal.slice(WORKSPACE_ROOT.length + 1)
    : normal.slice(1);
  return `${WORKSPACE_ROOT}/.extracted/${relative}.md`;
}

/** A page with no text layer, as the text says so. */
export const NO_TEXT_LAYER =
  '(No text layer on this page: it is scanned or image-only, so its text cannot be read here.)';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "PDF, 2 pages", "Excel workbook, 3 sheets", "Word document". */
export function documentSummary(document: ExtractedDocument): string {
  const count = document.unit === 'document' ? '' : `, ${plural(document.parts.length, document.unit)}`;
  return `${FORMAT_NAMES[document.format]}${count}`;
}

/** Numbers (1-based) of the parts with no text, for PDFs: the pages without a text layer. */
export function partsWithoutText(document: ExtractedDocument): number[] {
  if (document.format !== 'pdf') return [];
  return document.parts.flatMap((part, index) => (part.hasText || part.isSkipped ? [] : [index + 1]));
}

/**
 * Parts `first`…`last` (1-based, inclusive) of a document selected by a `range` of
 * pages, sheets or slides (-1 as the end: the last one), or an error message.
 */
export function selectParts(
  document: ExtractedDocument,
  range: number[] | undefined,
): { first: number; last: number } | { error: string } {
  const count = document.parts.length;
  if (!range) return { first: 1, last: count };
  const [start, end] = range;
  if (range.length !== 2 || start === undefined || end === undefined)
    return {
      error: `\`range\` must be two integers: [first ${document.unit}, last ${document.unit}], -1 as the last meaning the end.`,
    };
  const last = end === -1 ? count : Math.min(end, count);
  if (start < 1 || start > count || last < start)
    return {
      error: `\`range\` [${start}, ${end}] does not fit: the document has ${plural(count, document.unit)}, numbered from 1.`,
    };
  return { first: start, last };
}

/**
 * The document as markdown text: a heading with its name and size, its metadata and
 * warnings, then each part under its own heading (pages, sheets, slides), limited to
 * `selection` when given. This is the text `file.read` returns and saves.
 */
export function renderDocument(
  document: ExtractedDocument,
  name: string,
  selection: { first: number; last: number } | null = null,
): string {
  const lines = [`# ${name} (${documentSummary(document)})`];
  for (const [key, value] of Object.entries(document.metadata)) lines.push(`${key}: ${value}`);
  for (const warning of document.warnings) lines.push(`Warning: ${warning}`);
  const first = selection?.first ?? 1;
  const last = selection?.last ?? document.parts.length;
  document.parts.slice(first - 1, last).forEach((part) => {
    const body = part.hasText || part.isSkipped || document.format !== 'pdf' ? part.text : NO_TEXT_LAYER;
    lines.push('', ...(document.unit === 'document' ? [] : [`## ${part.label}`, '']), body);
  });
  return `${lines.join('\n')}\n`;
}

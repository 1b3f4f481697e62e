import { WORKSPACE_ROOT } from '../../protocol/workspace.ts';
import type { DocumentExtractor, DocumentFormat, ExtractedDocument } from './document-types.ts';

/**
 * The documents the worker reads: format by extension, and each format's extractor
 * loaded with `import()` on first use, so pdf.js, mammoth and read-excel-file stay out
 * of the worker's first chunk (src/pwa/lazy-chunks.ts keeps them out of the precache;
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

/**
 * A document's text, or an error message the model can act on (a damaged file, a
 * password) — never a throw for a file that cannot be read.
 */
export async function extractDocument(
  bytes: Uint8Array,
  path: string,
  format: DocumentFormat,
): Promise<{ document: ExtractedDocument } | { error: string }> {
  const name = path.split('/').at(-1) ?? path;
  try {
    const extract = await EXTRACTORS[format]();
    return { document: await extract(bytes, name) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: `${path} could not be read as a ${FORMAT_NAMES[format]}: ${reason}` };
  }
}

/** Where the whole text of a document is saved when an observation shows only part of it. */
export function extractedTextPath(path: string): string {
  const relative = path.startsWith(`${WORKSPACE_ROOT}/`)
    ? path.slice(WORKSPACE_ROOT.length + 1)
    : path.replace(/^\/+/, '');
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
  return document.parts.flatMap((part, index) => (part.hasText ? [] : [index + 1]));
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
    const body = part.hasText || document.format !== 'pdf' ? part.text : NO_TEXT_LAYER;
    lines.push('', ...(document.unit === 'document' ? [] : [`## ${part.label}`, '']), body);
  });
  return `${lines.join('\n')}\n`;
}

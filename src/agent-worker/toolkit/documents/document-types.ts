/** The document formats the worker can read text from. */
export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'pptx';

/** What a document is made of: PDF pages, workbook sheets, slides, or one flowing body (DOCX, CSV). */
export type DocumentUnit = 'page' | 'sheet' | 'slide' | 'document';

/** One page, sheet or slide: its label ("Page 2", "Sheet “Costs”") and its text as markdown. */
export type DocumentPart = {
  label: string;
  text: string;
  /** False for a PDF page with no text layer (scanned or image-only). */
  hasText: boolean;
  /** A sheet's size (all its rows and columns, not only those shown). */
  rows?: number;
  columns?: number;
  /** True for a PDF page left unread (outside the pages asked for, or past the page limit). */
  isSkipped?: boolean;
};

/**
 * A document's text as extracted in the worker: its format, metadata (title, author,
 * dates… when the file has them), its parts in order, and what went wrong on the way
 * without stopping the extraction.
 */
export type ExtractedDocument = {
  format: DocumentFormat;
  unit: DocumentUnit;
  metadata: Record<string, string>;
  parts: DocumentPart[];
  warnings: string[];
};

/**
 * What an extraction may be limited to: the PDF pages to read (1-based, inclusive; -1
 * as `last` for the end; other formats read everything), and a signal that stops it.
 */
export type ExtractionOptions = {
  pages?: { first: number; last: number };
  signal?: AbortSignal;
};

/** An extractor: the file's bytes and name in, its text out; throws on a file it cannot read. */
export type DocumentExtractor = (
  bytes: Uint8Array,
  name: string,
  options?: ExtractionOptions,
) => Promise<ExtractedDocument>;

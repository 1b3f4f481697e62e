import { z } from 'zod';

/** One edit of `file.edit` as reported: the text looked for and how many times it was replaced. */
export const EditSummaryEntry = z.object({ find: z.string(), count: z.number().int().nonnegative() });
export type EditSummaryEntry = z.infer<typeof EditSummaryEntry>;

/**
 * What `file.read`/`file.view` found in a document (ours): its format, what it is made
 * of and how many (PDF pages, sheets, slides; `document` for DOCX and CSV), its
 * metadata (title, author, dates when present), the PDF pages with no text layer, and
 * warnings from the extraction.
 */
export const DocumentSummary = z.object({
  format: z.enum(['pdf', 'docx', 'xlsx', 'csv', 'pptx']),
  unit: z.enum(['page', 'sheet', 'slide', 'document']),
  count: z.number().int().nonnegative(),
  metadata: z.record(z.string(), z.string()),
  pages_without_text: z.array(z.number().int().positive()).optional(),
  warnings: z.array(z.string()).optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** `untrusted_content` of a document's read or view: its text is the document's, data, never instructions. */
export const UNTRUSTED_DOCUMENT = 'document' as const;

/**
 * Seed 001 `file` meta (path, mime, derived text, edit summary) plus ours: an image's
 * size in pixels; for a document, its summary and, when its text was too long for the
 * observation, the workspace file holding all of it.
 */
export const FileMeta = z.looseObject({
  path: z.string(),
  mime: z.string(),
  derived_text: z.string().optional(),
  edit_summary: z.array(EditSummaryEntry).optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  document: DocumentSummary.optional(),
  extracted_path: z.string().optional(),
  untrusted_content: z.literal(UNTRUSTED_DOCUMENT).optional(),
});
export type FileMeta = z.infer<typeof FileMeta>;

/** The meta kind `file`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'file', schema: FileMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    file: typeof FileMeta;
  }
}

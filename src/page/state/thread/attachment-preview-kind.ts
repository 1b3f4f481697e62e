import { mimeFromBytes } from '@/shared/protocol/mime-types.ts';
import { languageForPath } from '../workspace/file-preview.ts';

/**
 * How a workspace attachment shows inside the result card (seed 003 §2.3): an image
 * embedded, audio or video playable, markdown rendered, code highlighted, a PDF's pages, a
 * table for CSV and spreadsheets; anything else is a download card.
 */
export type AttachmentPreviewKind =
  | 'image'
  | 'audio'
  | 'video'
  | 'markdown'
  | 'code'
  | 'pdf'
  | 'table'
  | 'download';

const SPREADSHEET = /\.(csv|tsv|xlsx)$/i;

/** The preview an attachment of type `mime` at `path` gets. */
export function attachmentPreviewKind(mime: string, path: string): AttachmentPreviewKind {
  const type = mime.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf' || /\.pdf$/i.test(path)) return 'pdf';
  if (type === 'text/markdown' || /\.(md|markdown)$/i.test(path)) return 'markdown';
  if (type === 'text/csv' || SPREADSHEET.test(path)) return 'table';
  if (languageForPath(path) !== null || /\.(txt|log)$/i.test(path)) return 'code';
  return 'download';
}

/**
 * Whether a card reads an attachment to preview it: its type or name promises a preview,
 * or its type is unknown (`application/octet-stream`) and its bytes may say what it is.
 */
export function mayPreviewAttachment(mime: string, path: string): boolean {
  return (
    attachmentPreviewKind(mime, path) !== 'download' || mime.toLowerCase() === 'application/octet-stream'
  );
}

/** The preview of an attachment once read: what its bytes announce wins over its stated type and name. */
export function attachmentContentKind(bytes: Uint8Array, mime: string, path: string): AttachmentPreviewKind {
  return attachmentPreviewKind(mimeFromBytes(bytes) ?? mime, path);
}

/** Rows a table preview shows at most (the rest is counted, not shown). */
export const MAX_TABLE_ROWS = 200;
/** Lines of code or text a card shows at most. */
export const MAX_CODE_LINES = 400;

/** A sheet as a table preview shows it: its rows (cells as text), with what was left out. */
export type TablePreview = {
  name: string;
  rows: string[][];
  totalRows: number;
  totalColumns: number;
};

/** `rows` cut to `MAX_TABLE_ROWS`, every cell as text, with the sheet's true size. */
export function tablePreviewOf(name: string, rows: readonly (readonly unknown[])[]): TablePreview {
  const totalColumns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  return {
    name,
    rows: rows.slice(0, MAX_TABLE_ROWS).map((row) => row.map(cellText)),
    totalRows: rows.length,
    totalColumns,
  };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
}

/** The first `MAX_CODE_LINES` lines of `text`, and whether any were left out. */
export function firstLines(text: string): { text: string; lineCount: number; isCut: boolean } {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const kept = lines.slice(0, MAX_CODE_LINES);
  return { text: kept.join('\n'), lineCount: kept.length, isCut: lines.length > kept.length };
}

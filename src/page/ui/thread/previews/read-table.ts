import { type TablePreview, tablePreviewOf } from '@/page/state/thread/attachment-preview-kind.ts';

/**
 * The sheets of a CSV/TSV (papaparse) or an .xlsx (read-excel-file's browser build) as
 * table previews. Loaded only when a result attaches a table (its own chunk).
 */
export async function readTables(bytes: Uint8Array, path: string): Promise<TablePreview[]> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/\.xlsx$/i.test(path)) {
    const { default: readXlsxFile } = await import('read-excel-file/browser');
    const sheets = await readXlsxFile(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    return sheets.map((sheet) => tablePreviewOf(sheet.sheet, sheet.data));
  }
  const { default: Papa } = await import('papaparse');
  const text = new TextDecoder().decode(bytes);
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    ...(/\.tsv$/i.test(path) ? { delimiter: '\t' } : {}),
  });
  return [tablePreviewOf(name, parsed.data)];
}

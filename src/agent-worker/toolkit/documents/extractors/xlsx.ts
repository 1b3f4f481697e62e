import readXlsxFile from 'read-excel-file/universal';
import type { DocumentPart, ExtractedDocument } from '../document-types.ts';
import { sheetTable } from './markdown-table.ts';
import { officeProperties } from './office-properties.ts';
import { checkZipSizes } from './zip-limits.ts';

/**
 * XLSX with read-excel-file (its "universal" entry: no Worker of its own, no DOM; fflate
 * unzips, a SAX parser reads the XML): every sheet as a markdown table with its row and
 * column counts. Loaded lazily.
 */
export async function extractXlsx(bytes: Uint8Array): Promise<ExtractedDocument> {
  checkZipSizes(bytes);
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(bytes.slice().buffer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`the file is not a readable .xlsx workbook (${message.slice(0, 200)}).`);
  }
  const parts: DocumentPart[] = sheets.map(({ sheet, data }) => {
    const table = sheetTable(data);
    return {
      label: `Sheet “${sheet}”`,
      text: table.text,
      hasText: table.rows > 0,
      rows: table.rows,
      columns: table.columns,
    };
  });
  return { format: 'xlsx', unit: 'sheet', metadata: officeProperties(bytes), parts, warnings: [] };
}

import Papa from 'papaparse';
import type { ExtractedDocument } from '../document-types.ts';
import { sheetTable } from './markdown-table.ts';

/** CSV (or TSV: papaparse guesses the delimiter) as one markdown table with its row and column counts. */
export async function extractCsv(bytes: Uint8Array): Promise<ExtractedDocument> {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const table = sheetTable(parsed.data);
  const warnings = [
    ...new Set(parsed.errors.slice(0, 5).map((error) => `Row ${error.row ?? '?'}: ${error.message}`)),
  ];
  return {
    format: 'csv',
    unit: 'document',
    metadata: {},
    parts: [
      { label: 'Table', text: table.text, hasText: table.rows > 0, rows: table.rows, columns: table.columns },
    ],
    warnings,
  };
}

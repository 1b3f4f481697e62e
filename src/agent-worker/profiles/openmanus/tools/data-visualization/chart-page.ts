import type { DataTable } from './chart-spec.ts';

/** Most rows the page's table shows. */
export const MAX_TABLE_ROWS = 1000;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** Bytes as base64 (in chunks: a long argument list would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * A self-contained page for a chart: its title, the chart as an embedded PNG, and the
 * data as a table (no script, no outside resource: it is shown in a sandboxed frame).
 */
export function chartPage(options: {
  title: string;
  png: Uint8Array;
  table: DataTable;
  source: string;
  language: 'en' | 'zh';
}): string {
  const { title, table } = options;
  const rows = table.rows.slice(0, MAX_TABLE_ROWS);
  const header = table.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td>${escapeHtml(cell === null ? '' : String(cell))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const note =
    table.rows.length > rows.length ? `<p>${rows.length} of ${table.rows.length} rows shown.</p>` : '';
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #111827; }
img { max-width: 100%; height: auto; border: 1px solid #e5e7eb; }
table { border-collapse: collapse; margin-top: 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #d1d5db; padding: 0.25rem 0.5rem; text-align: left; }
th { background: #f3f4f6; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<img src="data:image/png;base64,${toBase64(options.png)}" alt="${escapeHtml(title)}">
<p>Data: ${escapeHtml(options.source)}</p>
<table>
<thead><tr>${header}</tr></thead>
<tbody>
${body}
</tbody>
</table>
${note}
</body>
</html>
`;
}

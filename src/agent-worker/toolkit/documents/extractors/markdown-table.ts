/** Most rows of a sheet shown as a table; the rest are counted. */
export const MAX_TABLE_ROWS = 200;
/** Most characters of one cell shown. */
const MAX_CELL_CHARACTERS = 200;

/** A cell as a table shows it: one line, pipes escaped, long text cut. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString().replace('T00:00:00.000Z', '') : String(value);
  const line = text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
  return line.length > MAX_CELL_CHARACTERS ? `${line.slice(0, MAX_CELL_CHARACTERS)}…` : line;
}

/** Rows without their trailing empty cells, and without trailing empty rows. */
function trimmed(rows: readonly (readonly unknown[])[]): unknown[][] {
  const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
  const result = rows.map((row) => {
    let end = row.length;
    while (end > 0 && isEmpty(row[end - 1])) end--;
    return row.slice(0, end);
  });
  while (result.length > 0 && result.at(-1)!.length === 0) result.pop();
  return result;
}

/**
 * A sheet as a GFM table, its first row as the header, with a line giving its row and
 * column counts; past `MAX_TABLE_ROWS` rows, the rest are counted, not shown.
 */
export function sheetTable(rows: readonly (readonly unknown[])[]): {
  text: string;
  rows: number;
  columns: number;
} {
  const data = trimmed(rows);
  // A loop, not Math.max(...rows): spreading 200,000 rows overflows the stack.
  let columns = 0;
  for (const row of data) if (row.length > columns) columns = row.length;
  if (data.length === 0 || columns === 0) return { text: '(empty)', rows: 0, columns: 0 };
  const line = (row: readonly unknown[]) =>
    `| ${Array.from({ length: columns }, (_, index) => cellText(row[index])).join(' | ')} |`;
  const [header = [], ...body] = data;
  const shown = body.slice(0, MAX_TABLE_ROWS - 1);
  const left = body.length - shown.length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const lines = [
    `${plural(data.length, 'row')} (the first is the header) × ${plural(columns, 'column')}.`,
    '',
    line(header),
    `|${' --- |'.repeat(columns)}`,
    ...shown.map(line),
    ...(left > 0 ? ['', `… ${plural(left, 'more row')} not shown.`] : []),
  ];
  return { text: lines.join('\n'), rows: data.length, columns };
}

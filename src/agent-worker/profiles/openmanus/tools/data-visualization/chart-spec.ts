import Papa from 'papaparse';
import type { CompletionPort } from '@/agent-worker/toolkit/ports/completion-port.ts';
import { MAX_CHART_ROWS, MAX_SERIES } from './chart-limits.ts';

/** A CSV file as a table: its header and typed rows (numbers where the text is a number). */
export type DataTable = { columns: string[]; rows: (string | number | null)[][] };

export const CHART_TYPES = ['bar', 'line', 'pie', 'doughnut', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** What to draw: the chart type, the column giving the labels (x), and the columns giving values. */
export type ChartSpec = { type: ChartType; title: string; labelColumn: string; valueColumns: string[] };

/** Parses CSV (papaparse guesses the delimiter) into a table; throws when it has no header or no rows. */
export function parseCsv(text: string): DataTable {
  const parsed = Papa.parse<unknown[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    dynamicTyping: true,
  });
  const [header, ...body] = parsed.data;
  if (!header || header.length === 0) throw new Error('The CSV file is empty.');
  const columns = header.map((cell, index) =>
    cell === null || cell === '' ? `column ${index + 1}` : String(cell),
  );
  if (body.length === 0) throw new Error('The CSV file has a header but no rows.');
  const rows = body.map((row) =>
    columns.map((_, index) => {
      const cell = row[index];
      if (cell === null || cell === undefined || cell === '') return null;
      return typeof cell === 'number' && Number.isFinite(cell) ? cell : String(cell);
    }),
  );
  return { columns, rows };
}

/** Columns whose every value (at least one) is a number. */
export function numericColumns(table: DataTable): string[] {
  return table.columns.filter((_, index) => {
    const values = table.rows.map((row) => row[index]).filter((value) => value !== null);
    return values.length > 0 && values.every((value) => typeof value === 'number');
  });
}

const TEMPORAL_NAME = /date|year|month|time|day|week|quarter|period|年|月|日/i;
const TEMPORAL_VALUE =
  /^(\d{4}([-/.]\d{1,2}([-/.]\d{1,2})?)?|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|Q[1-4][\s-]?\d{4}|\d{4}[\s-]?Q[1-4])$/i;

/**
 * The chart a title and a table call for, without a model: labels from the first text
 * column (the first column when all are numbers), values from the numeric columns; a
 * line for time (a date or year column), a pie for shares of one series, a scatter for
 * correlation, bars otherwise.
 */
export function guessChartSpec(table: DataTable, title: string): ChartSpec {
  const numeric = numericColumns(table);
  const labelColumn = table.columns.find((column) => !numeric.includes(column)) ?? table.columns[0] ?? '';
  const values = numeric.filter((column) => column !== labelColumn).slice(0, MAX_SERIES);
  if (values.length === 0) throw new Error('The CSV file has no numeric column to chart.');
  const labelIndex = table.columns.indexOf(labelColumn);
  const labels = table.rows.map((row) => String(row[labelIndex] ?? ''));
  const isTemporal =
    TEMPORAL_NAME.test(labelColumn) || labels.every((label) => TEMPORAL_VALUE.test(label.trim()));
  const words = title.toLowerCase();
  let type: ChartType = 'bar';
  if (/scatter|correlat|relationship|vs\.?\s/.test(words) && numeric.length >= 2) type = 'scatter';
  else if (
    /pie|share|proportion|percentage|composition|breakdown|占比|比例/.test(words) &&
    values.length === 1 &&
    table.rows.length <= 12
  )
    type = 'pie';
  else if (isTemporal || /trend|over time|line|趋势/.test(words)) type = 'line';
  if (type === 'scatter') {
    const [x, y] = numeric;
    return { type, title, labelColumn: x ?? labelColumn, valueColumns: y ? [y] : values };
  }
  return { type, title, labelColumn, valueColumns: values };
}

/**
 * The chart spec the conversation's model picks for the title and the table's columns
 * (VMind chooses its chart with the model too), checked against the table; the guess
 * from `guessChartSpec` when the model is not available or answers with columns the
 * table does not have.
 */
export async function chooseChartSpec(
  completion: CompletionPort,
  table: DataTable,
  title: string,
  signal: AbortSignal,
): Promise<{ spec: ChartSpec; chosenBy: 'model' | 'heuristic' }> {
  const guess = guessChartSpec(table, title);
  const numeric = numericColumns(table);
  const result = await completion.complete(
    {
      system:
        'You choose how to chart a table. Pick the chart type, the column whose values label the x axis (or the slices), and the numeric columns to plot as series.',
      user: `Chart title: ${title}\nColumns: ${table.columns.join(', ')}\nNumeric columns: ${numeric.join(', ')}\nFirst rows:\n${table.rows
        .slice(0, 5)
        .map((row) => row.map((cell) => cell ?? '').join(', '))
        .join('\n')}`,
      schema: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: [...CHART_TYPES] },
          label_column: { type: 'string', enum: table.columns },
          value_columns: { type: 'array', items: { type: 'string', enum: numeric }, minItems: 1 },
        },
        required: ['type', 'label_column', 'value_columns'],
      },
    },
    signal,
  );
  if ('error' in result) return { spec: guess, chosenBy: 'heuristic' };
  try {
    const answer = JSON.parse(result.text) as {
      type?: unknown;
      label_column?: unknown;
      value_columns?: unknown;
    };
    const type = CHART_TYPES.find((candidate) => candidate === answer.type);
    const labelColumn = table.columns.find((column) => column === answer.label_column);
    const valueColumns = Array.isArray(answer.value_columns)
      ? answer.value_columns.filter(
          (column): column is string => numeric.includes(column as string) && column !== labelColumn,
        )
      : [];
    if (!type || !labelColumn || valueColumns.length === 0) return { spec: guess, chosenBy: 'heuristic' };
    return {
      spec: { type, title, labelColumn, valueColumns: valueColumns.slice(0, MAX_SERIES) },
      chosenBy: 'model',
    };
  } catch {
    return { spec: guess, chosenBy: 'heuristic' };
  }
}

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

/** A Chart.js configuration (plain data: it crosses into the drawing code as it is). */
export type ChartConfig = {
  type: ChartType;
  data: { labels?: string[]; datasets: Record<string, unknown>[] };
  /** Axis titles (none for a pie or doughnut). */
  axes?: { x: string; y: string };
};

/** The Chart.js data for a spec: at most `MAX_CHART_ROWS` rows, one dataset per value column. */
export function chartConfig(table: DataTable, spec: ChartSpec): ChartConfig {
  const rows = table.rows.slice(0, MAX_CHART_ROWS);
  const column = (name: string) => {
    const index = table.columns.indexOf(name);
    return rows.map((row) => row[index] ?? null);
  };
  const axes = { x: spec.labelColumn, y: spec.valueColumns.length === 1 ? (spec.valueColumns[0] ?? '') : '' };
  if (spec.type === 'scatter') {
    const xs = column(spec.labelColumn);
    return {
      type: 'scatter',
      axes,
      data: {
        datasets: spec.valueColumns.map((name, series) => ({
          label: name,
          data: column(name)
            .map((y, index) => ({ x: xs[index], y }))
            .filter((point) => typeof point.x === 'number' && typeof point.y === 'number'),
          backgroundColor: PALETTE[series % PALETTE.length],
        })),
      },
    };
  }
  const labels = column(spec.labelColumn).map((value) => String(value ?? ''));
  const isRound = spec.type === 'pie' || spec.type === 'doughnut';
  return {
    type: spec.type,
    ...(isRound ? {} : { axes }),
    data: {
      labels,
      datasets: spec.valueColumns.map((name, series) => ({
        label: name,
        data: column(name).map((value) => (typeof value === 'number' ? value : null)),
        backgroundColor: isRound
          ? labels.map((_, index) => PALETTE[index % PALETTE.length])
          : PALETTE[series % PALETTE.length],
        borderColor: isRound ? '#ffffff' : PALETTE[series % PALETTE.length],
        ...(spec.type === 'line' ? { fill: false, tension: 0, pointRadius: rows.length > 60 ? 0 : 3 } : {}),
      })),
    },
  };
}

import type { CompletionPort } from '@/agent-worker/toolkit/ports/completion-port.ts';
import { drawChart } from './chart-drawing.ts';
import { chartPage } from './chart-page.ts';
import { type ChartSpec, chartConfig, chooseChartSpec, parseCsv } from './chart-spec.ts';

/** A chart made from a CSV file: the PNG, the self-contained page, what was drawn, and the rows read. */
export type MadeChart = { png: Uint8Array; html: string; spec: ChartSpec; rows: number };

/**
 * Makes one chart from CSV text: parses it, has the chart chosen (by the model, else from
 * the columns), draws it with Chart.js and builds its page. This module (with papaparse
 * and Chart.js) is imported only when a chart is made, so it stays out of the worker's
 * first chunk. Throws with a readable message (no numeric column, no OffscreenCanvas…).
 */
export async function makeChart(input: {
  csv: string;
  title: string;
  source: string;
  language: 'en' | 'zh';
  completion: CompletionPort;
  signal: AbortSignal;
}): Promise<MadeChart> {
  const table = parseCsv(input.csv);
  const { spec } = await chooseChartSpec(input.completion, table, input.title, input.signal);
  const png = await drawChart(chartConfig(table, spec), input.title);
  const html = chartPage({ title: input.title, png, table, source: input.source, language: input.language });
  return { png, html, spec, rows: table.rows.length };
}

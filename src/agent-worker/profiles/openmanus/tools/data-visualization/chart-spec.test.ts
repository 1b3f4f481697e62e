import { describe, expect, it } from 'vitest';
import type { CompletionPort } from '@/agent-worker/toolkit/ports/completion-port.ts';
import { chartConfig, chooseChartSpec, guessChartSpec, parseCsv } from './chart-spec.ts';

const SALES = 'month,revenue,cost\n2025-01,120,80\n2025-02,150,90\n2025-03,90,70\n';
const FRUIT = 'fruit;count\nApple;12\nPear;5\nPlum;7\n';
const signal = new AbortController().signal;

describe('reading a CSV for a chart', () => {
  it('types numbers, keeps text, and guesses the delimiter', () => {
    expect(parseCsv(SALES)).toEqual({
      columns: ['month', 'revenue', 'cost'],
      rows: [
        ['2025-01', 120, 80],
        ['2025-02', 150, 90],
        ['2025-03', 90, 70],
      ],
    });
    expect(parseCsv(`\uFEFF${FRUIT}`).columns).toEqual(['fruit', 'count']);
  });

  it('refuses a file with no rows', () => {
    expect(() => parseCsv('a,b\n')).toThrow('The CSV file has a header but no rows.');
    expect(() => parseCsv('')).toThrow('The CSV file is empty.');
  });
});

describe('choosing a chart without a model', () => {
  it('draws time as a line, categories as bars, shares as a pie, correlation as a scatter', () => {
    expect(guessChartSpec(parseCsv(SALES), 'Sales in 2025')).toEqual({
      type: 'line',
      title: 'Sales in 2025',
      labelColumn: 'month',
      valueColumns: ['revenue', 'cost'],
    });
    expect(guessChartSpec(parseCsv(FRUIT), 'Fruit counted').type).toBe('bar');
    expect(guessChartSpec(parseCsv(FRUIT), 'Share of each fruit').type).toBe('pie');
    const heights = parseCsv('height,weight\n150,50\n170,65\n190,90\n');
    expect(guessChartSpec(heights, 'Height vs weight')).toMatchObject({
      type: 'scatter',
      labelColumn: 'height',
      valueColumns: ['weight'],
    });
  });

  it('refuses a table with nothing to count', () => {
    expect(() => guessChartSpec(parseCsv('name,town\nAda,London\n'), 'People')).toThrow(
      'The CSV file has no numeric column to chart.',
    );
  });

  it('builds Chart.js data: labels from the label column, one dataset per series, points for a scatter', () => {
    const table = parseCsv(SALES);
    const config = chartConfig(table, guessChartSpec(table, 'Sales'));
    expect(config.data.labels).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(config.data.datasets.map((dataset) => [dataset.label, dataset.data])).toEqual([
      ['revenue', [120, 150, 90]],
      ['cost', [80, 90, 70]],
    ]);
    const heights = parseCsv('height,weight\n150,50\n170,\n');
    const scatter = chartConfig(heights, {
      type: 'scatter',
      title: '',
      labelColumn: 'height',
      valueColumns: ['weight'],
    });
    expect(scatter.data.datasets[0]?.data).toEqual([{ x: 150, y: 50 }]);
  });
});

describe('choosing a chart with the model', () => {
  const answering = (text: string): CompletionPort => ({ complete: async () => ({ text, model: 'm' }) });

  it('takes the model’s choice when it names the table’s columns', async () => {
    const chosen = await chooseChartSpec(
      answering('{"type":"bar","label_column":"month","value_columns":["cost"]}'),
      parseCsv(SALES),
      'Costs',
      signal,
    );
    expect(chosen).toEqual({
      spec: { type: 'bar', title: 'Costs', labelColumn: 'month', valueColumns: ['cost'] },
      chosenBy: 'model',
    });
  });

  it('falls back to the guess for unknown columns, bad JSON, or no model', async () => {
    const table = parseCsv(SALES);
    for (const port of [
      answering('{"type":"bar","label_column":"month","value_columns":["profit"]}'),
      answering('not json'),
      { complete: async () => ({ error: 'no model' }) },
    ] satisfies CompletionPort[]) {
      expect((await chooseChartSpec(port, table, 'Sales', signal)).chosenBy).toBe('heuristic');
    }
  });
});

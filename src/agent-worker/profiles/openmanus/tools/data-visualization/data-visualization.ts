import { z } from 'zod';
import { defineTool, errorText } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { MAX_CHART_ROWS } from './chart-limits.ts';
import type { ChartSpec } from './chart-spec.ts';
import description from './data-visualization.md?raw';

/** Where charts are saved (VMind's `visualization` folder of the workspace). */
export const VISUALIZATION_FOLDER = `${WORKSPACE_ROOT}/visualization`;

/** OpenManus' `data_visualization` parameters, in its order. */
export const DataVisualizationParameters = z.object({
  json_path: z.string().describe('file path of json info with ".json" in the end'),
  output_type: z.enum(['png', 'html']).default('html').describe('Rendering format (html=interactive)'),
  tool_type: z
    .enum(['visualization', 'insight'])
    .default('visualization')
    .describe('visualize chart or add insights'),
  language: z.enum(['zh', 'en']).default('en').describe('english(en) / chinese(zh)'),
});

type ChartInfo = { csvFilePath: string; chartTitle: string };
type Drawn = {
  title: string;
  chartPath: string;
  pngPath: string;
  htmlPath: string;
  spec: ChartSpec;
  rows: number;
};

/**
 * OpenManus' `data_visualization` (seed 002): for each chart of the JSON info, the CSV
 * is read from the workspace, the chart chosen (by the conversation's model, as VMind
 * does, or from the columns when it cannot), drawn with Chart.js on an OffscreenCanvas,
 * and saved as `<name>.png` and a self-contained `<name>.html` (the image and the data
 * table) in /home/ubuntu/visualization/. Insights (VMind's) are not available.
 */
export const dataVisualizationTool = defineTool({
  name: 'data_visualization',
  description: description.trim(),
  metaKind: 'file',
  parameters: DataVisualizationParameters,
  label: withTarget('chart', 'json_path'),
  effect: 'changes_workspace',
  execute: async (params, context) => {
    if (params.tool_type === 'insight') {
      return {
        status: 'error',
        kind: 'rejected',
        message:
          'Error: adding insights is not available here: charts are drawn with Chart.js in the browser, which has no insight engine (VMind). Read the CSV and write the insights yourself.',
      };
    }
    let charts: ChartInfo[];
    try {
      charts = await readChartInfo(context, params.json_path);
    } catch (error) {
      return { status: 'error', kind: 'execution', message: `Error: ${errorText(error)}` };
    }
    const drawn: Drawn[] = [];
    const errors: string[] = [];
    for (const [index, chart] of charts.entries()) {
      context.progress.status({ text: `Drawing ${chart.chartTitle}`, done: index, total: charts.length });
      try {
        drawn.push(await drawOne(context, chart, params.output_type, params.language));
      } catch (error) {
        if (context.signal.aborted) throw error;
        errors.push(`Error in ${chart.csvFilePath}: ${errorText(error)}`);
      }
    }
    const success = successTemplate(drawn);
    const first = drawn[0];
    const meta = first
      ? {
          path: first.chartPath,
          mime: params.output_type === 'png' ? 'image/png' : 'text/html',
          charts: drawn.map((chart) => ({
            title: chart.title,
            png: chart.pngPath,
            html: chart.htmlPath,
            type: chart.spec.type,
            x: chart.spec.labelColumn,
            series: chart.spec.valueColumns,
          })),
        }
      : { path: '', mime: 'text/plain' };
    if (errors.length > 0) {
      return {
        status: 'error',
        kind: 'execution',
        message: `# Error chart generated\n${errors.join('\n')}\n${success}`,
        meta,
      };
    }
    return { status: 'success', content: success, meta };
  },
});

/** A workspace path from a path of the JSON info (relative ones are under /home/ubuntu). */
function resolvePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `${WORKSPACE_ROOT}/${trimmed.replace(/^\.\//, '')}`;
}

async function readText(context: ToolContext, path: string): Promise<string> {
  const resolved = resolvePath(path);
  if (!(await context.workspace.exists(resolved))) throw new Error(`No such file or directory: ${path}`);
  return new TextDecoder().decode(await context.workspace.read(resolved));
}

/** The charts the JSON info lists (one object or a list); a `.csv` path stands for one chart named after the file. */
export async function readChartInfo(context: ToolContext, jsonPath: string): Promise<ChartInfo[]> {
  if (/\.csv$/i.test(jsonPath.trim()))
    return [{ csvFilePath: jsonPath.trim(), chartTitle: fileName(jsonPath) }];
  const parsed: unknown = JSON.parse(await readText(context, jsonPath));
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw new Error('The JSON info lists no chart.');
  return list.map((item, index) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof entry.csvFilePath !== 'string')
      throw new Error(`Chart ${index + 1} of the JSON info has no "csvFilePath".`);
    const title =
      typeof entry.chartTitle === 'string' && entry.chartTitle.trim()
        ? entry.chartTitle
        : fileName(entry.csvFilePath);
    return { csvFilePath: entry.csvFilePath, chartTitle: title };
  });
}

function fileName(path: string): string {
  return (path.split('/').at(-1) ?? path).replace(/\.csv$/i, '');
}

async function drawOne(
  context: ToolContext,
  chart: ChartInfo,
  outputType: 'png' | 'html',
  language: 'en' | 'zh',
): Promise<Drawn> {
  const csv = await readText(context, chart.csvFilePath);
  // Papaparse and Chart.js load with the first chart, not with the worker.
  const { makeChart } = await import('./chart-making.ts');
  const made = await makeChart({
    csv,
    title: chart.chartTitle,
    source: resolvePath(chart.csvFilePath),
    language,
    completion: context.completion,
    signal: context.signal,
  });
  const name = fileName(chart.csvFilePath).replace(/[^\p{L}\p{N}._-]+/gu, '_') || 'chart';
  const pngPath = `${VISUALIZATION_FOLDER}/${name}.png`;
  const htmlPath = `${VISUALIZATION_FOLDER}/${name}.html`;
  await context.workspace.save(pngPath, made.png);
  await context.workspace.save(htmlPath, made.html);
  return {
    title: chart.chartTitle,
    chartPath: outputType === 'png' ? pngPath : htmlPath,
    pngPath,
    htmlPath,
    spec: made.spec,
    rows: made.rows,
  };
}

/** OpenManus' success output, with what was drawn. */
function successTemplate(drawn: readonly Drawn[]): string {
  if (drawn.length === 0) return 'Is EMPTY!';
  const parts = drawn.map((chart) => {
    const series = chart.spec.valueColumns.join(', ');
    const cut = chart.rows > MAX_CHART_ROWS ? ` (first ${MAX_CHART_ROWS} of ${chart.rows} rows)` : '';
    return `## ${chart.title}\nChart saved in: ${chart.chartPath}\nA ${chart.spec.type} chart of ${series} by ${chart.spec.labelColumn}${cut}; also saved: ${chart.chartPath === chart.pngPath ? chart.htmlPath : chart.pngPath}\n`;
  });
  return `Chart Generated Successful!\n${parts.join('')}`;
}

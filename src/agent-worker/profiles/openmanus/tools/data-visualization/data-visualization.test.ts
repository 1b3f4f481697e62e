import { describe, expect, it, vi } from 'vitest';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { memoryWorkspace } from '~/tests/fixtures/web/memory-workspace.ts';
import { dataVisualizationTool } from './data-visualization.ts';

// Node has no OffscreenCanvas: the drawing is faked here (it is drawn for real in tests/e2e/openmanus-visualization.test.ts).
vi.mock('./chart-drawing.ts', () => ({
  drawChart: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
}));

const FILES = {
  '/home/ubuntu/data/sales.csv': 'month,revenue\n2025-01,120\n2025-02,150\n',
  '/home/ubuntu/data/people.csv': 'name,town\nAda,London\n',
  '/home/ubuntu/charts.json': JSON.stringify([
    { csvFilePath: 'data/sales.csv', chartTitle: 'Sales by month' },
    { csvFilePath: '/home/ubuntu/data/people.csv', chartTitle: 'People' },
  ]),
};

async function visualize(args: Record<string, unknown>) {
  const workspace = memoryWorkspace(FILES);
  const prepared = dataVisualizationTool.prepare(JSON.stringify(args));
  if (!prepared.ok || !prepared.execute) throw new Error('not prepared');
  const outcome: ToolOutcome = await prepared.execute(testToolContext({ workspace }));
  return { outcome, workspace };
}

describe('data_visualization saving its charts', () => {
  it('saves <name>.png and <name>.html in /home/ubuntu/visualization and names the chart of output_type', async () => {
    const { outcome, workspace } = await visualize({ json_path: 'data/sales.csv', output_type: 'png' });
    expect(outcome).toMatchObject({
      status: 'success',
      content:
        'Chart Generated Successful!\n## sales\nChart saved in: /home/ubuntu/visualization/sales.png\nA line chart of revenue by month; also saved: /home/ubuntu/visualization/sales.html\n',
      meta: { path: '/home/ubuntu/visualization/sales.png', mime: 'image/png' },
    });
    expect(workspace.files.get('/home/ubuntu/visualization/sales.png')).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
    const html = workspace.text('/home/ubuntu/visualization/sales.html') ?? '';
    expect(html).toContain('<img src="data:image/png;base64,iVBORw==" alt="sales">');
    expect(html).toContain('<td>2025-02</td><td>150</td>');
  });

  it('reports the charts that failed beside the ones made (seed 002’s error form)', async () => {
    const { outcome } = await visualize({ json_path: 'charts.json' });
    expect(outcome.status).toBe('error');
    expect(outcome.status === 'error' && outcome.message).toBe(
      '# Error chart generated\nError in /home/ubuntu/data/people.csv: The CSV file has no numeric column to chart.\nChart Generated Successful!\n## Sales by month\nChart saved in: /home/ubuntu/visualization/sales.html\nA line chart of revenue by month; also saved: /home/ubuntu/visualization/sales.png\n',
    );
  });

  it('says what is wrong with JSON info that lists no CSV file', async () => {
    const workspace = memoryWorkspace({ '/home/ubuntu/bad.json': '[{"chartTitle":"x"}]' });
    const prepared = dataVisualizationTool.prepare(JSON.stringify({ json_path: 'bad.json' }));
    if (!prepared.ok || !prepared.execute) throw new Error('not prepared');
    const outcome = await prepared.execute(testToolContext({ workspace }));
    expect(outcome).toMatchObject({
      status: 'error',
      message: 'Error: Chart 1 of the JSON info has no "csvFilePath".',
    });
  });
});

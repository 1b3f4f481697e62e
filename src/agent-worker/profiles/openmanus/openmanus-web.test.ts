import { describe, expect, it } from 'vitest';
import type { CompletionPort } from '@/agent-worker/toolkit/ports/completion-port.ts';
import type { SearchReport, SearchRequest } from '@/agent-worker/toolkit/ports/web-port.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { memoryWorkspace } from '~/tests/fixtures/web/memory-workspace.ts';
import type { Tool, ToolOutcome } from '../../toolkit/define-tool.ts';
import type { ToolContext } from '../../toolkit/tool-context.ts';
import { MAX_WAIT_SECONDS } from './tools/browser-use/browser-actions.ts';
import { NO_OFFSCREEN_CANVAS } from './tools/data-visualization/chart-drawing.ts';
import {
  browserUseTool,
  crawl4aiTool,
  createChatCompletionTool,
  dataVisualizationTool,
  webSearchTool,
} from './web-tools.ts';

/** The tools in seed 002's catalogue order. */
const TOOLS = [browserUseTool, webSearchTool, crawl4aiTool, createChatCompletionTool, dataVisualizationTool];

async function run(
  tool: Tool,
  args: unknown,
  context: ToolContext = testToolContext(),
): Promise<ToolOutcome> {
  const prepared = tool.prepare(JSON.stringify(args));
  if (!prepared.ok) return { status: 'error', kind: 'validation', message: prepared.message };
  if (!prepared.execute) throw new Error(`${tool.name} does not run`);
  return prepared.execute(context);
}

const textOf = (outcome: ToolOutcome) => (outcome.status === 'success' ? outcome.content : outcome.message);

const EMPTY_REPORT: SearchReport = {
  hits: [],
  providers: [],
  summary: '',
  images: [],
  failedImages: [],
  timeFiltered: { dropped: 0, undated: 0 },
};

describe('what the model sees of OpenManus’ web and data tools', () => {
  it('pins each tool’s name, description and JSON Schema', () => {
    expect(
      TOOLS.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
    ).toMatchSnapshot();
  });

  it('gives browser_use OpenManus’ dependencies, and a grammar shape per action requiring them', () => {
    const dependencies = browserUseTool.parameters.dependencies as Record<string, string[]>;
    expect(dependencies.input_text).toEqual(['index', 'text']);
    expect(dependencies.go_back).toEqual([]);
    const shape = browserUseTool.callShapes.find(
      (candidate) => candidate.actionType === 'browser_use.go_to_url',
    );
    expect(shape?.parameters.required).toEqual(['action', 'url']);
    expect(shape?.parameters.dependencies).toBeUndefined();
    expect(browserUseTool.callShapes).toHaveLength(16);
  });
});

describe('web_search', () => {
  it('asks the search port for an info search of the query, with ten results by default', async () => {
    const requests: SearchRequest[] = [];
    const search = {
      search: async (request: SearchRequest) => {
        requests.push(request);
        return EMPTY_REPORT;
      },
    };
    const outcome = await run(webSearchTool, { query: ' tides ' }, testToolContext({ search }));
    expect(requests).toEqual([{ type: 'info', queries: ['tides'], time: 'all' }]);
    expect(textOf(outcome)).toBe(
      'All search engines failed to return results after multiple retries.\nNo search provider is switched on (Settings → Search): ask the user to switch one on.',
    );
  });

  it('refuses an empty query', async () => {
    expect(textOf(await run(webSearchTool, { query: '  ' }))).toBe('`query` must not be empty.');
  });
});

describe('crawl4ai', () => {
  it('takes crawl4ai’s own `urls` (a list or one string) as well as `url`', () => {
    const list = crawl4aiTool.prepare(JSON.stringify({ urls: ['https://a.example/', 'https://b.example/'] }));
    expect(list.ok && list.action.arguments).toMatchObject({
      url: 'https://a.example/',
      urls: ['https://b.example/'],
    });
    const one = crawl4aiTool.prepare(JSON.stringify({ urls: 'https://a.example/' }));
    expect(one.ok && one.action.arguments).toMatchObject({ url: 'https://a.example/', urls: [] });
  });

  it('holds the timeout to 5–120 seconds and one call to ten URLs', () => {
    expect(crawl4aiTool.prepare(JSON.stringify({ url: 'https://a.example/', timeout: 4 })).ok).toBe(false);
    expect(crawl4aiTool.prepare(JSON.stringify({ url: 'https://a.example/', timeout: 121 })).ok).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, index) => `https://a.example/${index}`);
    expect(crawl4aiTool.prepare(JSON.stringify({ urls: eleven })).ok).toBe(false);
  });
});

describe('browser_use', () => {
  it.each(['click_element', 'input_text', 'send_keys', 'get_dropdown_options', 'select_dropdown_option'])(
    '%s with no page open says it works on the conversation’s own previews, why not elsewhere, and what to do instead',
    async (action) => {
      const context = testToolContext({ workspace: memoryWorkspace() });
      const outcome = await run(browserUseTool, { action, index: 1, text: 'x', keys: 'Enter' }, context);
      expect(outcome).toMatchObject({ status: 'error', kind: 'rejected' });
      const text = textOf(outcome);
      expect(text).toMatch(
        new RegExp(
          `^'${action}' works only on this conversation's own web pages, loaded live in the agent's browser`,
        ),
      );
      expect(text).toContain('(http://localhost/preview/c/…)');
      expect(text).toContain('No page is open.');
      expect(text).toContain('same-origin policy');
      expect(text).toContain("'extract_content'");
      expect(text).toContain('ask the person (ask_human)');
    },
  );

  it('answers OpenManus’ texts for missing fields', async () => {
    const workspace = memoryWorkspace();
    const context = testToolContext({ workspace });
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'go_to_url' }, "URL is required for 'go_to_url' action"],
      [{ action: 'open_tab' }, "URL is required for 'open_tab' action"],
      [{ action: 'web_search' }, "Query is required for 'web_search' action"],
      [{ action: 'scroll_to_text' }, "Text is required for 'scroll_to_text' action"],
      [{ action: 'extract_content' }, "Goal is required for 'extract_content' action"],
      [{ action: 'switch_tab' }, "Tab ID is required for 'switch_tab' action"],
    ];
    for (const [args, message] of cases)
      expect(textOf(await run(browserUseTool, args, context))).toBe(message);
  });

  it('says no page is open before scrolling or extracting, and that there is no tab to close', async () => {
    const context = testToolContext({ workspace: memoryWorkspace() });
    expect(textOf(await run(browserUseTool, { action: 'scroll_down' }, context))).toMatch(/^No page is open/);
    expect(textOf(await run(browserUseTool, { action: 'extract_content', goal: 'x' }, context))).toMatch(
      /^No page is open/,
    );
    expect(textOf(await run(browserUseTool, { action: 'close_tab' }, context))).toBe(
      'There is no tab to close.',
    );
    expect(textOf(await run(browserUseTool, { action: 'switch_tab', tab_id: 3 }, context))).toBe(
      'There is no tab 3. Open tabs: none.',
    );
  });

  it(`waits at most ${MAX_WAIT_SECONDS} seconds, and stops waiting when the run is stopped`, async () => {
    const controller = new AbortController();
    const context = testToolContext({ workspace: memoryWorkspace(), signal: controller.signal });
    const waiting = run(browserUseTool, { action: 'wait', seconds: 600 }, context);
    controller.abort();
    await expect(waiting).resolves.toMatchObject({ status: 'error', kind: 'cancelled' });
  });
});

describe('create_chat_completion', () => {
  const answering = (text: string): CompletionPort => ({ complete: async () => ({ text, model: 'm' }) });
  const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

  it('without a schema gives the response as it is', async () => {
    expect(textOf(await run(createChatCompletionTool, { response: 'Hello.' }))).toBe('Hello.');
  });

  it('with a schema returns the model’s JSON once it matches', async () => {
    const context = testToolContext({ completion: answering('{"city":"Oslo"}') });
    const outcome = await run(
      createChatCompletionTool,
      { response: 'It is Oslo.', output_schema: schema },
      context,
    );
    expect(outcome.status).toBe('success');
    expect(JSON.parse(textOf(outcome))).toEqual({ city: 'Oslo' });
  });

  it('refuses an answer that does not match, and says when there is no model', async () => {
    const context = testToolContext({ completion: answering('{"town":"Oslo"}') });
    const outcome = await run(createChatCompletionTool, { response: 'x', output_schema: schema }, context);
    expect(textOf(outcome)).toMatch(/^The model's answer does not match `output_schema`:/);
    expect(textOf(await run(createChatCompletionTool, { response: 'x', output_schema: schema }))).toBe(
      'This test gives the tool no model.',
    );
  });
});

describe('data_visualization', () => {
  const files = {
    '/home/ubuntu/data/sales.csv': 'month,revenue\n2025-01,120\n2025-02,150\n',
    '/home/ubuntu/charts.json': JSON.stringify([{ csvFilePath: 'data/sales.csv', chartTitle: 'Sales' }]),
  };

  it('answers OpenManus’ "Error: No such file or directory" for a missing JSON info file', async () => {
    const context = testToolContext({ workspace: memoryWorkspace(files) });
    expect(textOf(await run(dataVisualizationTool, { json_path: 'missing.json' }, context))).toBe(
      'Error: No such file or directory: missing.json',
    );
  });

  it('reports each chart that could not be drawn; in Node, for want of an OffscreenCanvas', async () => {
    const context = testToolContext({ workspace: memoryWorkspace(files) });
    const outcome = await run(dataVisualizationTool, { json_path: 'charts.json' }, context);
    expect(textOf(outcome)).toBe(
      `# Error chart generated\nError in data/sales.csv: ${NO_OFFSCREEN_CANVAS}\nIs EMPTY!`,
    );
  });

  it('says insights are not available', async () => {
    const outcome = await run(dataVisualizationTool, { json_path: 'charts.json', tool_type: 'insight' });
    expect(outcome).toMatchObject({ status: 'error', kind: 'rejected' });
    expect(textOf(outcome)).toMatch(/^Error: adding insights is not available here/);
  });
});

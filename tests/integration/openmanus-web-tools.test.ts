import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserUseTool } from '../../src/agent-worker/profiles/openmanus/tools/browser-use/browser-use.ts';
import { BROWSER_STATE_PATH } from '../../src/agent-worker/profiles/openmanus/tools/browser-use/reader-state.ts';
import {
  CRAWL_CACHE_PATH,
  crawl4aiTool,
} from '../../src/agent-worker/profiles/openmanus/tools/crawl4ai/crawl4ai.ts';
import { webSearchTool } from '../../src/agent-worker/profiles/openmanus/tools/web-search/web-search.ts';
import type { Tool, ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import type { CompletionPort } from '../../src/agent-worker/toolkit/ports/completion-port.ts';
import { unavailableLivePreviews } from '../../src/agent-worker/toolkit/ports/live-previews.ts';
import { createPreviews } from '../../src/agent-worker/toolkit/ports/previews.ts';
import { SecretVault } from '../../src/agent-worker/toolkit/ports/secret-vault.ts';
import { createPageService } from '../../src/agent-worker/toolkit/web/browse/page-service.ts';
import { ServiceQueues } from '../../src/agent-worker/toolkit/web/rate-limits.ts';
import { SEARCH_PROVIDERS } from '../../src/agent-worker/toolkit/web/search/providers/index.ts';
import { createSearchService } from '../../src/agent-worker/toolkit/web/search/search-service.ts';
import { WebNetworks } from '../../src/agent-worker/toolkit/web/web-networks.ts';
import { DEFAULT_WEB_SETTINGS, type WebSettings } from '../../src/shared/protocol/web/web-settings.ts';
import { testToolContext } from '../fixtures/tool-context.ts';
import { type MemoryWorkspace, memoryWorkspace } from '../fixtures/web/memory-workspace.ts';
import { PAGE_URLS, pageRoutes } from '../fixtures/web/page-routes.ts';
import { relayRoutes } from '../fixtures/web/relay-routes.ts';
import { searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import { FIXED_NOW } from '../fixtures/web/search-provider-context.ts';
import { fixtureFetch, startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';
import { wikiArticleRoutes } from '../fixtures/web/wiki-article-routes.ts';

/**
 * OpenManus' web tools (seed 002) over the real search and pages services, against the
 * fixture APIs, sites and relays: what the model reads, what is saved, the documented
 * error texts, and the browser's tabs surviving a reload (a new context on the same workspace).
 */

let server: WebFixtureServer;
beforeAll(async () => {
  const sites = [...pageRoutes(), ...wikiArticleRoutes()];
  server = await startWebFixtures([
    ...searchApiRoutes({ now: () => FIXED_NOW }),
    ...sites,
    ...relayRoutes(sites),
  ]);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function webContext(
  options: { web?: Partial<WebSettings>; workspace?: MemoryWorkspace; completion?: CompletionPort } = {},
) {
  const web = { ...DEFAULT_WEB_SETTINGS, ...options.web };
  const workspace = options.workspace ?? memoryWorkspace();
  let now = FIXED_NOW;
  const shared = {
    web,
    networks: new WebNetworks(web, fixtureFetch(server)),
    secrets: new SecretVault({}),
    queues: new ServiceQueues(),
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
    },
    progress: { output: () => undefined, status: () => undefined },
    workspace,
  };
  const context = testToolContext({
    workspace,
    now: () => now,
    search: createSearchService({ ...shared, providers: SEARCH_PROVIDERS, thumbnailer: async () => null }),
    pages: createPageService({
      ...shared,
      conversationId: 'c',
      appBaseUrl: 'https://app.example/',
      previews: createPreviews({
        conversationId: 'c',
        appBaseUrl: 'https://app.example/',
        openSandbox: () => Promise.reject(new Error('no sandbox')),
      }),
      livePreviews: unavailableLivePreviews(),
    }),
    ...(options.completion ? { completion: options.completion } : {}),
  });
  return { context, workspace };
}

async function run(
  tool: Tool,
  args: unknown,
  context: ReturnType<typeof webContext>['context'],
): Promise<ToolOutcome> {
  const prepared = tool.prepare(JSON.stringify(args));
  if (!prepared.ok) return { status: 'error', kind: 'validation', message: prepared.message };
  const execute = prepared.execute;
  if (!execute) throw new Error(`${tool.name} does not run`);
  return execute(context);
}

const textOf = (outcome: ToolOutcome) => (outcome.status === 'success' ? outcome.content : outcome.message);

describe('web_search', () => {
  it('searches the providers, keeps num_results, and prints seed 002 results as web content', async () => {
    const { context } = webContext();
    const outcome = await run(webSearchTool, { query: 'jupiter moons', num_results: 3 }, context);
    expect(outcome.status).toBe('success');
    const text = textOf(outcome);
    expect(text).toMatch(
      /^<web_content source="web_search results">\nSearch results for 'jupiter moons':\n\n1\. /,
    );
    expect(text.match(/^\d+\. /gm)).toHaveLength(3);
    expect(text).toContain('   URL: https://en.wikipedia.org/wiki/');
    expect(text).toContain('- Total results: 3');
    expect(text).toContain('- Engines: Wikipedia (answered)');
    expect(outcome.status === 'success' && outcome.meta.provider).toBe('wikipedia');
  });

  it('fetch_content reads each result page through a relay and shows a 1,000-character preview', async () => {
    const { context, workspace } = webContext();
    const outcome = await run(
      webSearchTool,
      { query: 'jupiter', num_results: 2, fetch_content: true },
      context,
    );
    const text = textOf(outcome);
    expect(text.match(/^ {3}Content: /gm)).toHaveLength(2);
    expect(text).toContain('Observations by the Juno spacecraft');
    expect(text).toContain('- Pages fetched: 2 of 2');
    const saved = [...workspace.files.keys()].filter((path) => path.startsWith('/home/ubuntu/pages/'));
    expect(saved).toHaveLength(2);
  });

  it('answers with seed 002 error text when no engine brings a result, naming each provider', async () => {
    const { context } = webContext({ web: { disabledServices: ['wikipedia', 'wikimedia_commons'] } });
    const outcome = await run(webSearchTool, { query: 'jupiter' }, context);
    expect(outcome.status).toBe('error');
    expect(textOf(outcome)).toMatch(
      /^All search engines failed to return results after multiple retries\.\n/,
    );
  });

  it('refuses num_results past 20 before searching', async () => {
    const { context } = webContext();
    const outcome = await run(webSearchTool, { query: 'jupiter', num_results: 50 }, context);
    expect(outcome.status).toBe('error');
    expect(server.requests).toHaveLength(0);
  });
});

describe('crawl4ai', () => {
  it('crawls several URLs into markdown with crawl4ai summary, skipping invalid ones, and caches them', async () => {
    const { context, workspace } = webContext();
    const outcome = await run(
      crawl4aiTool,
      { urls: [PAGE_URLS.docs, PAGE_URLS.news, 'not a url'], word_count_threshold: 5 },
      context,
    );
    expect(outcome.status).toBe('success');
    const text = textOf(outcome);
    expect(text).toContain('Invalid URL skipped: not a url');
    expect(text).toContain('🕷️ Crawl4AI Results Summary:\n📊 Total URLs: 2\n✅ Successful: 2\n❌ Failed: 0');
    expect(text).toContain(`1. ${PAGE_URLS.docs}\n   ✅ Status: Success (read directly)`);
    expect(text).toContain('(read through Jina Reader)');
    expect(text).toMatch(/📊 Stats: \d+ words, \d+ links, \d+ images/);
    expect(workspace.text(CRAWL_CACHE_PATH)).toContain(PAGE_URLS.news);

    server.requests.length = 0;
    const again = await run(crawl4aiTool, { url: PAGE_URLS.news }, context);
    expect(textOf(again)).toContain('Success (from the cache)');
    expect(server.requests).toHaveLength(0);
    const fresh = await run(crawl4aiTool, { url: PAGE_URLS.news, bypass_cache: true }, context);
    expect(textOf(fresh)).toContain('Success (read through Jina Reader)');
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it('says "No valid URLs provided" when no URL is a web address', async () => {
    const { context } = webContext();
    const outcome = await run(crawl4aiTool, { url: 'ftp://files.example/a' }, context);
    expect(outcome).toMatchObject({ status: 'error', message: 'No valid URLs provided' });
  });

  it('reports a page no way can read as failed with "Error crawling <url>:"', async () => {
    const { context } = webContext({ web: { disabledServices: ['jina_reader'] } });
    const outcome = await run(crawl4aiTool, { url: PAGE_URLS.news }, context);
    expect(outcome.status).toBe('error');
    expect(textOf(outcome)).toContain('❌ Failed: 1');
    expect(textOf(outcome)).toContain(`🚫 Error: Error crawling ${PAGE_URLS.news}: `);
  });
});

describe('browser_use', () => {
  it('goes to a page, scrolls it, finds text, goes back, and keeps its tabs across a reload', async () => {
    const { context, workspace } = webContext();
    const opened = await run(browserUseTool, { action: 'go_to_url', url: PAGE_URLS.docs }, context);
    expect(textOf(opened)).toMatch(/^Navigated to https:\/\/docs\.example\/guide\/getting-started\n/);
    expect(textOf(opened)).toContain('<web_content source="https://docs.example/guide/getting-started">');
    expect(textOf(opened)).toMatch(/Scroll: 0 pixels above, \d+ pixels below/);

    const down = await run(browserUseTool, { action: 'scroll_down', scroll_amount: 300 }, context);
    expect(textOf(down)).toMatch(/^Scrolled down by 300 pixels\n/);
    expect(textOf(down)).toMatch(/Scroll: \d+ pixels above/);
    expect(textOf(down)).not.toMatch(/Scroll: 0 pixels above/);

    const news = await run(browserUseTool, { action: 'open_tab', url: PAGE_URLS.news }, context);
    expect(textOf(news)).toMatch(/^Opened new tab with https:\/\/news\.example/);
    expect(textOf(news)).toContain(
      'Open tabs (tab_id, * current): [0] https://docs.example/guide/getting-started, [1]*',
    );

    // A reload: a new context (new services) over the same workspace finds the tabs.
    const reloaded = webContext({ workspace }).context;
    const back = await run(browserUseTool, { action: 'switch_tab', tab_id: 0 }, reloaded);
    expect(textOf(back)).toMatch(/^Switched to tab 0\n/);
    expect(textOf(back)).not.toMatch(/Scroll: 0 pixels above/);
    const found = await run(browserUseTool, { action: 'scroll_to_text', text: 'INSTALL' }, reloaded);
    expect(found.status).toBe('success');
    expect(textOf(found)).toMatch(/^Scrolled to text: 'INSTALL'/);
    const missing = await run(
      browserUseTool,
      { action: 'scroll_to_text', text: 'no such words here' },
      reloaded,
    );
    expect(missing).toMatchObject({ status: 'error' });
    expect(textOf(missing)).toMatch(/^Failed to scroll to text: /);
    expect(textOf(await run(browserUseTool, { action: 'go_back' }, reloaded))).toContain('no previous page');

    const closed = await run(browserUseTool, { action: 'close_tab' }, reloaded);
    expect(textOf(closed)).toMatch(/^Closed current tab\n/);
    expect(JSON.parse(workspace.text(BROWSER_STATE_PATH) ?? '{}').tabs).toHaveLength(1);
  });

  it('a page no way can read fails with the reasons, marked as web content, and opens no tab', async () => {
    const { context, workspace } = webContext({ web: { disabledServices: ['jina_reader'] } });
    const outcome = await run(browserUseTool, { action: 'go_to_url', url: PAGE_URLS.news }, context);
    expect(outcome).toMatchObject({
      status: 'error',
      kind: 'execution',
      meta: { url: PAGE_URLS.news, untrusted_content: 'web' },
    });
    expect(textOf(outcome)).toMatch(/^Browser action 'go_to_url' failed: /);
    expect(workspace.text(BROWSER_STATE_PATH)).toBeUndefined();
  });

  it('web_search navigates to the first result and lists all of them', async () => {
    const { context } = webContext();
    const outcome = await run(browserUseTool, { action: 'web_search', query: 'jupiter' }, context);
    expect(textOf(outcome)).toMatch(
      /^Searched for 'jupiter' and navigated to first result: https:\/\/en\.wikipedia\.org\/wiki\/\S+\nAll results:\n/,
    );
    expect(textOf(outcome)).toContain('Observations by the Juno spacecraft');
  });

  it('extract_content asks the model with the page as web content, and answers in OpenManus form', async () => {
    const asked: string[] = [];
    const completion: CompletionPort = {
      complete: async (request) => {
        asked.push(request.user);
        return { text: JSON.stringify({ extracted_content: { text: 'Install with npm.' } }), model: 'm' };
      },
    };
    const { context } = webContext({ completion });
    await run(browserUseTool, { action: 'go_to_url', url: PAGE_URLS.docs }, context);
    const outcome = await run(browserUseTool, { action: 'extract_content', goal: 'how to install' }, context);
    expect(textOf(outcome)).toMatch(
      /^Extracted from page:\n<web_content source="extraction">\n\{\n {2}"text": "Install with npm\."/,
    );
    expect(asked[0]).toMatch(
      /^Extraction goal: how to install\n\nPage content:\n<web_content source="page">/,
    );
  });

  it('extract_content without a model says why and gives the start of the page', async () => {
    const { context } = webContext();
    await run(browserUseTool, { action: 'go_to_url', url: PAGE_URLS.docs }, context);
    const outcome = await run(browserUseTool, { action: 'extract_content', goal: 'anything' }, context);
    expect(outcome.status).toBe('success');
    expect(textOf(outcome)).toMatch(
      /^Failed to extract content: This test gives the tool no model\.\nHere's a portion of the page content:\n/,
    );
  });
});

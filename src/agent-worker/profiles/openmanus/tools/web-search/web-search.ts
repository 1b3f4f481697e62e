import { z } from 'zod';
import { defineTool, invalidArguments } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import {
  ALL_ENGINES_FAILED,
  engineReasons,
  fetchContents,
  formatResults,
  searchWeb,
} from '../../common/web-results.ts';
import description from './web-search.md?raw';

/** Most results a search keeps after merging the providers' answers. */
export const MAX_SEARCH_RESULTS = 20;

/** Seed 002's `web_search` parameters, in its order. */
export const WebSearchParameters = z.object({
  query: z.string().describe('(required) The search query to submit to the search engine.'),
  num_results: z
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_RESULTS)
    .default(10)
    .describe('(optional) The number of search results to return. Default is 10.'),
  fetch_content: z
    .boolean()
    .default(false)
    .describe('(optional) Whether to fetch full content from result pages. Default is false.'),
});

/**
 * OpenManus' `web_search` (seed 002): the search port's provider failover stands for its
 * engine fallback; with `fetch_content` each result's page is read through the pages port
 * (saved to the workspace, its text cut at 10,000 characters). Results and pages are web
 * content; `meta` follows the `search` shape.
 */
export const webSearchTool = defineTool({
  name: 'web_search',
  description: description.trim(),
  metaKind: 'search',
  parameters: WebSearchParameters,
  label: withTarget('search_web', 'query'),
  effect: 'reads',
  execute: async (params, context) => {
    const query = params.query.trim();
    if (!query) return invalidArguments('`query` must not be empty.');
    const { results: found, report } = await searchWeb(context, query, params.num_results);
    const answered = report.providers.filter((provider) => provider.status === 'answered');
    const meta = {
      provider: answered.map((provider) => provider.id).join(',') || 'none',
      summary: report.summary,
      payload: {
        results: report.hits.slice(0, params.num_results),
        providers: report.providers,
        queries: [query],
        time: 'all' as const,
      },
      untrusted_content: UNTRUSTED_WEB,
    };
    if (found.length === 0) {
      return {
        status: 'error',
        kind: 'execution',
        message: `${ALL_ENGINES_FAILED}\n${engineReasons(report)}`,
        meta,
      };
    }
    const results = params.fetch_content ? await fetchContents(context, found) : found;
    const fetched = results.filter((result) => result.rawContent !== null).length;
    const lines = [
      asWebContent('web_search results', formatResults(query, results)),
      '',
      'Metadata:',
      `- Total results: ${results.length}`,
      `- Engines: ${report.providers.map((provider) => `${provider.name} (${provider.status})`).join(', ')}`,
      ...(params.fetch_content ? [`- Pages fetched: ${fetched} of ${results.length}`] : []),
    ];
    return {
      status: 'success',
      content: lines.join('\n'),
      meta: {
        ...meta,
        payload: {
          ...meta.payload,
          ...(params.fetch_content
            ? { fetched: results.map((result) => ({ url: result.url, path: result.path })) }
            : {}),
        },
      },
    };
  },
});

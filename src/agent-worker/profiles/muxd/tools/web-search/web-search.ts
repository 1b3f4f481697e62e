import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { SearchMeta } from '@/shared/protocol/tool-meta/search-meta.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import type { SearchHit } from '@/shared/protocol/web/search-results.ts';
import { muxdError } from '../../common/muxd-common.ts';

/** Seed 004's `web_search` result counts. */
export const DEFAULT_RESULT_COUNT = 5;
export const MAX_RESULT_COUNT = 20;

/** Seed 004's `web_search` parameters. */
export const WebSearchParameters = z.object({
  query: z.string().describe('Search query'),
  count: z.number().int().optional().describe('Number of results to return (default: 5, max: 20)'),
});

/** muxd's list: `N. title`, the URL and the description indented by three spaces, a blank line between. */
export function formatResults(hits: readonly SearchHit[]): string {
  if (hits.length === 0) return 'No results found.';
  return hits
    .map(
      (hit, index) =>
        `${index + 1}. ${hit.title}\n   ${hit.url}\n${hit.snippet ? `   ${hit.snippet}\n` : ''}`,
    )
    .join('\n')
    .trimEnd();
}

/**
 * `web_search`: a web (`info`) search over the search providers Settings → Search allows,
 * Brave Search first among the keyed ones when its key is saved; the first `count` hits
 * in muxd's format. The hits are third-party text: the observation says so.
 */
export const webSearchTool = defineTool({
  name: 'web_search',
  description: 'Search the web using the Brave Search API. Returns results with title, URL, and snippet.',
  metaKind: 'search',
  parameters: WebSearchParameters,
  label: withTarget('search_web', 'query'),
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<SearchMeta>> => {
    const query = params.query.trim();
    if (query === '') return muxdError('query is required', 'validation');
    const count =
      params.count !== undefined && params.count > 0
        ? Math.min(params.count, MAX_RESULT_COUNT)
        : DEFAULT_RESULT_COUNT;
    const report = await context.search.search(
      { type: 'info', queries: [query], time: 'all' },
      context.signal,
    );
    const answered = report.providers.filter((provider) => provider.status === 'answered');
    const hits = report.hits.slice(0, count);
    const meta = {
      provider: answered.map((provider) => provider.id).join(',') || 'none',
      summary: report.summary,
      payload: { results: hits, providers: report.providers, queries: [query], time: 'all' as const },
      untrusted_content: UNTRUSTED_WEB,
    };
    if (answered.length === 0) {
      const reasons = report.providers.map(
        (provider) => `${provider.name}: ${provider.reason ?? provider.status}`,
      );
      return {
        ...muxdError(
          report.providers.length === 0
            ? 'no web search provider is switched on; set a Brave Search API key (or switch a provider on) in Settings → Search'
            : `search request: no provider answered (${reasons.join('; ')})`,
        ),
        meta,
      };
    }
    return { status: 'success', content: formatResults(hits), meta };
  },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { callX, clampCount, formatTweets, TWEET_LIST_FIELDS, TweetList } from '../../common/x-common.ts';

/** Seed 004's `x_search` parameters. */
export const XSearchParameters = z.object({
  query: z.string().describe('Search query (X search syntax)'),
  max_results: z.number().int().optional().describe('Number of results to return (10-100, default 10)'),
});

/**
 * `x_search`: `GET /2/tweets/search/recent` with the author, date and counts; muxd's
 * numbered list, or "No tweets found.". `max_results` is brought into 10–100.
 */
export const xSearchTool = defineTool({
  name: 'x_search',
  description:
    'Search recent tweets on X/Twitter. Returns matching tweets with author, text, date, URL, and engagement metrics.',
  metaKind: null,
  parameters: XSearchParameters,
  label: withTarget('search_posts', 'query'),
  effect: 'reads',
  execute: async (params, context) => {
    const query = params.query.trim();
    if (query === '') return muxdError('query is required', 'validation');
    const maxResults = clampCount(params.max_results, 10, 10, 100);
    const answer = await callX(
      context,
      {
        method: 'GET',
        path: '/2/tweets/search/recent',
        query: { query, max_results: String(maxResults), ...TWEET_LIST_FIELDS },
      },
      TweetList,
    );
    if (!answer.ok) return answer.failure;
    const count = answer.data.data?.length ?? 0;
    return {
      status: 'success',
      content: count === 0 ? 'No tweets found.' : formatTweets(answer.data),
      meta: { query, max_results: maxResults, result_count: count, untrusted_content: UNTRUSTED_WEB },
    };
  },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { callX, clampCount, formatTweets, TWEET_LIST_FIELDS, TweetList } from '../../common/x-common.ts';

/** Seed 004's `x_mentions` parameters. */
export const XMentionsParameters = z.object({
  max_results: z.number().int().optional().describe('Number of results to return (5-100, default 10)'),
});

/** `GET /2/users/me`'s answer: the authenticated user's id. */
const Me = z.object({ data: z.object({ id: z.string().regex(/^\d+$/), username: z.string().optional() }) });

/**
 * `x_mentions`: the authenticated user's id (`GET /2/users/me`), then their mentions
 * timeline with the author, date and counts; muxd's numbered list, or "No mentions
 * found.". `max_results` is brought into 5–100.
 */
export const xMentionsTool = defineTool({
  name: 'x_mentions',
  description: 'Fetch recent mentions of the authenticated X/Twitter user.',
  metaKind: null,
  parameters: XMentionsParameters,
  label: fixedTarget('check', 'mentions on X'),
  effect: 'reads',
  execute: async (params, context) => {
    const maxResults = clampCount(params.max_results, 10, 5, 100);
    const me = await callX(context, { method: 'GET', path: '/2/users/me' }, Me);
    if (!me.ok)
      return me.failure.kind === 'rejected'
        ? me.failure
        : { ...me.failure, message: `fetching authenticated user: ${me.failure.message}` };
    const userId = me.data.data.id;
    const answer = await callX(
      context,
      {
        method: 'GET',
        path: `/2/users/${userId}/mentions`,
        query: { max_results: String(maxResults), ...TWEET_LIST_FIELDS },
      },
      TweetList,
    );
    if (!answer.ok) return answer.failure;
    const count = answer.data.data?.length ?? 0;
    return {
      status: 'success',
      content: count === 0 ? 'No mentions found.' : formatTweets(answer.data),
      meta: {
        user_id: userId,
        max_results: maxResults,
        result_count: count,
        untrusted_content: UNTRUSTED_WEB,
      },
    };
  },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { postTweet } from '../x-post/x-post.ts';

/** Seed 004's `x_reply` parameters. */
export const XReplyParameters = z.object({
  tweet_id: z.string().describe('The ID of the tweet to reply to'),
  text: z.string().describe('Reply text, maximum 280 characters'),
});

/** `x_reply`: a tweet with `reply.in_reply_to_tweet_id`; muxd's "Replied with tweet ID\nURL". */
export const xReplyTool = defineTool({
  name: 'x_reply',
  description: 'Reply to a tweet on X/Twitter.',
  metaKind: null,
  parameters: XReplyParameters,
  label: withTarget('post', 'text'),
  effect: 'acts_outside',
  execute: async (params, context) => {
    const tweetId = params.tweet_id.trim();
    if (tweetId === '') return muxdError('tweet_id is required', 'validation');
    if (!/^\d{1,19}$/.test(tweetId))
      return muxdError(
        `tweet_id must be a numeric tweet ID (the digits after /status/ in its URL); got "${tweetId}"`,
        'validation',
      );
    const posted = await postTweet(context, params.text, tweetId);
    if (!posted.ok) return posted.failure;
    const { tweet } = posted;
    return {
      status: 'success',
      content: `Replied with tweet ${tweet.tweet_id}\n${tweet.url}`,
      meta: { ...tweet, in_reply_to_tweet_id: tweetId },
    };
  },
});

import { z } from 'zod';
import { defineTool, type ToolContext, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { CreatedTweet, callX, tweetTextError, tweetUrl } from '../../common/x-common.ts';

/** Seed 004's `x_post` parameters. */
export const XPostParameters = z.object({
  text: z.string().describe('Tweet text (max 280 chars)'),
});

/** The posted tweet: its id and canonical URL. */
export type PostedTweet = { tweet_id: string; url: string };

/**
 * `POST /2/tweets` with `{text}` (and `reply.in_reply_to_tweet_id` for a reply), the text
 * trimmed and checked first (1–280 code points); the new tweet's id and URL.
 */
export async function postTweet(
  context: ToolContext,
  text: string,
  inReplyTo?: string,
): Promise<{ ok: true; tweet: PostedTweet } | { ok: false; failure: ToolOutcome<PostedTweet> }> {
  const trimmed = text.trim();
  const invalid = tweetTextError(trimmed);
  if (invalid) return { ok: false, failure: muxdError(invalid, 'validation') };
  const json = inReplyTo ? { text: trimmed, reply: { in_reply_to_tweet_id: inReplyTo } } : { text: trimmed };
  const answer = await callX(context, { method: 'POST', path: '/2/tweets', json }, CreatedTweet);
  if (!answer.ok) return { ok: false, failure: answer.failure };
  const id = answer.data.data.id;
  return { ok: true, tweet: { tweet_id: id, url: tweetUrl(id) } };
}

/** `x_post`: posts a tweet through the proxy Settings → X names; muxd's "Posted tweet ID\nURL". */
export const xPostTool = defineTool({
  name: 'x_post',
  description: 'Post a tweet via X API v2.',
  metaKind: null,
  parameters: XPostParameters,
  label: withTarget('post', 'text'),
  effect: 'acts_outside',
  execute: async (params, context) => {
    const posted = await postTweet(context, params.text);
    if (!posted.ok) return posted.failure;
    const { tweet } = posted;
    return { status: 'success', content: `Posted tweet ${tweet.tweet_id}\n${tweet.url}`, meta: tweet };
  },
});

import { z } from 'zod';
import type { ToolContext, ToolFailure } from '@/agent-worker/toolkit/define-tool.ts';
import type { XApiRequest } from '@/agent-worker/toolkit/ports/x-port.ts';
import { X_SETTINGS_PLACE } from '@/agent-worker/toolkit/ports/x-proxy.ts';
import { muxdError } from './muxd-common.ts';

/** muxd's tweet limit, counted in code points after trimming (Go's `len([]rune(text))`). */
export const TWEET_MAX_LENGTH = 280;

/** The canonical address of a tweet, as muxd writes it. */
export function tweetUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}

/** muxd's `validateTweetText`: the error text for an empty or too long tweet, or null when it may be posted. */
export function tweetTextError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'tweet text cannot be empty';
  if ([...trimmed].length > TWEET_MAX_LENGTH) return `tweet exceeds ${TWEET_MAX_LENGTH} characters`;
  return null;
}

/** X's error body: an RFC 7807 problem (`title`, `detail`, `status`), sometimes with `errors`. */
const XProblem = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    errors: z.array(z.object({ message: z.string().optional(), detail: z.string().optional() })).optional(),
  })
  .loose();

/** The readable part of an error body (its detail, title or first error), at most 400 characters. */
function problemText(body: unknown): string {
  const parsed = XProblem.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  const text = parsed.success
    ? (parsed.data.detail ?? parsed.data.title ?? first?.detail ?? first?.message ?? JSON.stringify(body))
    : typeof body === 'string'
      ? body.trim()
      : JSON.stringify(body);
  return text.length > 400 ? `${text.slice(0, 400)}...` : text;
}

/** muxd's `mapXError`, with where to fix a refused token in Sandpiper. */
export function xHttpError(status: number, body: unknown): ToolFailure {
  const detail = problemText(body);
  if (status === 400) {
    if (detail.includes('280'))
      return muxdError(`tweet exceeds ${TWEET_MAX_LENGTH} characters`, 'validation');
    return muxdError(`X rejected request: ${detail}`);
  }
  if (status === 401 || status === 403)
    return muxdError(
      `X auth failed (HTTP ${status}): ${detail.replace(/\.+$/, '')}. Check the X access token in ${X_SETTINGS_PLACE}: posting, replying and mentions need an OAuth 2.0 user access token (an app-only bearer token can only search).`,
    );
  if (status === 429) return muxdError('X rate limited this request. Try again later');
  return muxdError(`X API error (HTTP ${status}): ${detail}`);
}

/**
 * Sends one request through the X port and parses a 2xx answer with `schema`; a missing
 * setup, an unreachable proxy, an HTTP error or an unexpected answer is a failure whose
 * message says which.
 */
export async function callX<S extends z.ZodType>(
  context: ToolContext,
  request: Omit<XApiRequest, 'signal'>,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; failure: ToolFailure }> {
  const result = await context.x.request({ ...request, signal: context.signal });
  if (!result.ok)
    return {
      ok: false,
      failure: muxdError(result.message, result.reason === 'not_configured' ? 'rejected' : 'execution'),
    };
  if (result.status < 200 || result.status >= 300)
    return { ok: false, failure: xHttpError(result.status, result.body) };
  const parsed = schema.safeParse(result.body);
  if (!parsed.success)
    return {
      ok: false,
      failure: muxdError(
        `parsing X API response: not an X API v2 answer (${z.prettifyError(parsed.error).split('\n')[0]}); is the proxy URL in ${X_SETTINGS_PLACE} the base that /2/… paths follow?`,
      ),
    };
  return { ok: true, data: parsed.data };
}

/** `POST /2/tweets`'s answer: the new tweet's id. */
export const CreatedTweet = z.object({
  data: z.object({ id: z.string().regex(/^\d+$/), text: z.string().optional() }),
});

/** A tweet as search and mentions return it with `tweet.fields=created_at,public_metrics,author_id`. */
const ListedTweet = z.object({
  id: z.string(),
  text: z.string(),
  author_id: z.string().optional(),
  created_at: z.string().optional(),
  public_metrics: z
    .object({ like_count: z.number(), retweet_count: z.number(), reply_count: z.number() })
    .partial()
    .optional(),
});

/** Search's and mentions' answer: `{data, includes: {users}, meta}` (no `data` when nothing matched). */
export const TweetList = z.object({
  data: z.array(ListedTweet).optional(),
  includes: z
    .object({ users: z.array(z.object({ id: z.string(), username: z.string() })).optional() })
    .optional(),
  meta: z.object({ result_count: z.number().optional() }).loose().optional(),
});
export type TweetList = z.infer<typeof TweetList>;

/** The fields search and mentions ask for (author, date, counts). */
export const TWEET_LIST_FIELDS = {
  'tweet.fields': 'created_at,public_metrics,author_id',
  expansions: 'author_id',
  'user.fields': 'username',
} as const;

/** `2026-11-20T09:15:00.000Z` as muxd shows it (`2006-01-02 15:04`, UTC); other text as it is. */
function tweetDate(createdAt: string): string {
  const time = Date.parse(createdAt);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(createdAt) || Number.isNaN(time)) return createdAt;
  return new Date(time).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * muxd's `formatTweets`: `N. [@user] text (date) — URL | likesL retweetsRT repliesR`,
 * the text cut at 200 code points; the author's id when the answer does not name them.
 */
export function formatTweets(list: TweetList): string {
  const usernames = new Map((list.includes?.users ?? []).map((user) => [user.id, user.username]));
  return (list.data ?? [])
    .map((tweet, index) => {
      const username = usernames.get(tweet.author_id ?? '') || (tweet.author_id ?? '');
      const points = [...tweet.text];
      const text = points.length > 200 ? `${points.slice(0, 200).join('')}...` : tweet.text;
      const metrics = tweet.public_metrics ?? {};
      return `${index + 1}. [@${username}] ${text} (${tweetDate(tweet.created_at ?? '')}) — ${tweetUrl(tweet.id)} | ${metrics.like_count ?? 0}L ${metrics.retweet_count ?? 0}RT ${metrics.reply_count ?? 0}R`;
    })
    .join('\n');
}

/** An integer clamped to `[min, max]`, `fallback` when absent or not positive (muxd's reading of `max_results`). */
export function clampCount(value: number | undefined, fallback: number, min: number, max: number): number {
  const count = value !== undefined && value > 0 ? Math.trunc(value) : fallback;
  return Math.min(Math.max(count, min), max);
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  xMentionsTool,
  xPostTool,
  xReplyTool,
  xSearchTool,
} from '../../src/agent-worker/profiles/muxd/x-tools.ts';
import {
  FIXTURE_X_APP_TOKEN,
  FIXTURE_X_USER_TOKEN,
  ME,
  startXFixtures,
} from '../fixtures/x-api/x-api-server.ts';
import { openXToolHarness, type XToolHarness } from '../fixtures/x-api/x-tool-harness.ts';

/**
 * muxd's `x_*` tools through the real run services (Settings → X's proxy and token, the
 * X port, the secrets vault), against a proxy shaped like X API v2 reached as a browser
 * page reaches it (CORS). The scheduled posts: muxd-x-schedules.test.ts.
 */

const START = Date.parse('2026-11-23T10:00:00Z');
const WRONG_TOKEN = 'x-wrong-token-9d8c7b6a5f4e3d2c1b0a';

let harness: XToolHarness;
let fixtures: XToolHarness['fixtures'];
let text: XToolHarness['text'];
let error: XToolHarness['error'];
let contextWith: XToolHarness['contextWith'];
let apiRequests: XToolHarness['apiRequests'];

beforeEach(async () => {
  harness = await openXToolHarness(START);
  ({ fixtures, text, error, contextWith, apiRequests } = harness);
});

afterEach(async () => {
  // No token in any outcome, meta or error text of the test.
  const written = JSON.stringify(harness.outcomes);
  for (const token of [FIXTURE_X_USER_TOKEN, FIXTURE_X_APP_TOKEN, WRONG_TOKEN])
    expect(written).not.toContain(token);
  await harness.close();
});

describe('muxd x_* tools, not set up', () => {
  it('answer with why a proxy is needed, what is missing and where to set it, and send nothing', async () => {
    const none = await error(xPostTool, { text: 'hello' }, contextWith());
    expect(none).toBe(
      "X is not set up: no proxy URL and no X access token are set. X's API does not accept requests from a web page (it sends no CORS headers), so Sandpiper's x_* tools reach it through a proxy you run, which forwards /2/… requests to https://api.x.com. Set both in Settings → X (muxd’s x_* tools).",
    );
    const noToken = await error(xSearchTool, { query: 'muxd' }, contextWith({ proxyUrl: fixtures.proxyUrl }));
    expect(noToken).toMatch(/^X is not set up: no X access token is saved\. .* Set it in Settings → X/);
    const noProxy = await error(xMentionsTool, {}, contextWith({ token: FIXTURE_X_USER_TOKEN }));
    expect(noProxy).toMatch(/^X is not set up: no proxy URL is set\./);
    expect(fixtures.requests).toEqual([]);
  });

  it('say when the proxy cannot be reached from the page (no CORS)', async () => {
    const closed = await startXFixtures({ cors: false });
    try {
      const message = await error(
        xPostTool,
        { text: 'hello' },
        contextWith({ proxyUrl: closed.proxyUrl, token: FIXTURE_X_USER_TOKEN }),
      );
      expect(message).toBe(
        `X API request: the X proxy at ${closed.proxyUrl} could not be reached: it is down, or it does not allow requests from this page (its responses need CORS headers for this app's origin). Check the proxy URL in Settings → X (muxd’s x_* tools).`,
      );
    } finally {
      await closed.close();
    }
  });
});

describe('x_post and x_reply', () => {
  it('posts {text} to /2/tweets with the bearer token and returns the tweet ID and canonical URL', async () => {
    const content = await text(xPostTool, { text: '  Hello from muxd  ' });
    const [request] = apiRequests();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/2/tweets',
      json: { text: 'Hello from muxd' },
      authorization: `Bearer ${FIXTURE_X_USER_TOKEN}`,
    });
    expect(content).toBe('Posted tweet 1870000000000000001\nhttps://x.com/i/web/status/1870000000000000001');
  });

  it('takes exactly 280 code points, refuses 281 and empty text before sending', async () => {
    expect(await text(xPostTool, { text: '🚀'.repeat(280) })).toMatch(/^Posted tweet \d+/);
    expect(await error(xPostTool, { text: `${'a'.repeat(280)}b` })).toBe('tweet exceeds 280 characters');
    expect(await error(xReplyTool, { tweet_id: '1860000000000000001', text: '🚀'.repeat(281) })).toBe(
      'tweet exceeds 280 characters',
    );
    expect(await error(xPostTool, { text: '   ' })).toBe('tweet text cannot be empty');
    expect(apiRequests()).toHaveLength(1);
  });

  it('replies with reply.in_reply_to_tweet_id and relays X’s refusal', async () => {
    const content = await text(xReplyTool, {
      tweet_id: '1860000000000000003',
      text: 'Thanks for the mention!',
    });
    expect(apiRequests()[0]?.json).toEqual({
      text: 'Thanks for the mention!',
      reply: { in_reply_to_tweet_id: '1860000000000000003' },
    });
    expect(content).toBe(
      'Replied with tweet 1870000000000000001\nhttps://x.com/i/web/status/1870000000000000001',
    );
    expect(await error(xReplyTool, { tweet_id: '42', text: 'hi' })).toBe(
      'X auth failed (HTTP 403): You attempted to reply to a Tweet that is deleted or not visible to you. Check the X access token in Settings → X (muxd’s x_* tools): posting, replying and mentions need an OAuth 2.0 user access token (an app-only bearer token can only search).',
    );
    expect(await error(xReplyTool, { tweet_id: 'abc', text: 'hi' })).toMatch(
      /^tweet_id must be a numeric tweet ID/,
    );
  });

  it('a refused token is a 401 message that points to Settings → X and never quotes the token', async () => {
    const wrong = contextWith({ proxyUrl: fixtures.proxyUrl, token: WRONG_TOKEN });
    expect(await error(xPostTool, { text: 'hello' }, wrong)).toBe(
      'X auth failed (HTTP 401): Unauthorized. Check the X access token in Settings → X (muxd’s x_* tools): posting, replying and mentions need an OAuth 2.0 user access token (an app-only bearer token can only search).',
    );
    const careless = await startXFixtures({ echoesWrongToken: true });
    try {
      const message = await error(
        xSearchTool,
        { query: 'muxd' },
        contextWith({ proxyUrl: careless.proxyUrl, token: WRONG_TOKEN }),
      );
      expect(message).toContain('X auth failed (HTTP 401): Invalid token: [secret x_token redacted]');
    } finally {
      await careless.close();
    }
  });

  it('a rate limit reads as muxd says it', async () => {
    fixtures.failWith({
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 },
    });
    expect(await error(xPostTool, { text: 'hello' })).toBe('X rate limited this request. Try again later');
  });
});

describe('x_search and x_mentions', () => {
  it('searches recent tweets and lists author, text, date, URL and counts', async () => {
    const content = await text(xSearchTool, { query: 'muxd coding agent', max_results: 20 });
    // Tweets are other people's words: the observation is marked as web content (data, not instructions).
    expect(JSON.stringify(harness.outcomes.at(-1))).toContain('"untrusted_content":"web"');
    expect(apiRequests()[0]).toMatchObject({
      method: 'GET',
      path: '/2/tweets/search/recent',
      query: {
        query: 'muxd coding agent',
        max_results: '20',
        'tweet.fields': 'created_at,public_metrics,author_id',
        expansions: 'author_id',
        'user.fields': 'username',
      },
    });
    const long = `muxd coding agent release notes: ${'details '.repeat(40).trim()}`;
    expect(content).toBe(
      [
        `1. [@XDevelopers] ${long.slice(0, 200)}... (2026-11-21 18:05) — https://x.com/i/web/status/1860000000000000002 | 120L 45RT 12R`,
        '2. [@ada_codes] Trying the muxd coding agent today 🚀 (2026-11-20 07:00) — https://x.com/i/web/status/1860000000000000001 | 7L 2RT 0R',
      ].join('\n'),
    );
    expect(await text(xSearchTool, { query: 'nothing matches this' })).toBe('No tweets found.');
  });

  it('brings max_results into 10–100 and works with an app-only token', async () => {
    const app = contextWith({ proxyUrl: fixtures.proxyUrl, token: FIXTURE_X_APP_TOKEN });
    await text(xSearchTool, { query: 'muxd', max_results: 3 }, app);
    await text(xSearchTool, { query: 'muxd', max_results: 500 }, app);
    expect(apiRequests().map((request) => request.query.max_results)).toEqual(['10', '100']);
  });

  it('fetches the user’s id, then their mentions (5–100)', async () => {
    const content = await text(xMentionsTool, { max_results: 1 });
    expect(
      apiRequests().map((request) => `${request.path} ${request.query.max_results ?? ''}`.trim()),
    ).toEqual(['/2/users/me', `/2/users/${ME.id}/mentions 5`]);
    expect(content).toBe(
      '1. [@ada_codes] @sandpiper_test does muxd run in the browser now? (2026-11-22 09:15) — https://x.com/i/web/status/1860000000000000003 | 3L 0RT 1R',
    );
  });

  it('mentions with an app-only token: X’s refusal, saying which token is needed', async () => {
    const app = contextWith({ proxyUrl: fixtures.proxyUrl, token: FIXTURE_X_APP_TOKEN });
    expect(await error(xMentionsTool, {}, app)).toMatch(
      /^fetching authenticated user: X auth failed \(HTTP 403\): Authenticating with OAuth 2\.0 Application-Only is forbidden .* need an OAuth 2\.0 user access token/,
    );
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braveProvider } from '../../src/agent-worker/toolkit/web/search/providers/brave.ts';
import { crossrefProvider } from '../../src/agent-worker/toolkit/web/search/providers/crossref.ts';
import { githubProvider } from '../../src/agent-worker/toolkit/web/search/providers/github.ts';
import { hnAlgoliaProvider } from '../../src/agent-worker/toolkit/web/search/providers/hn-algolia.ts';
import { jinaSearchProvider } from '../../src/agent-worker/toolkit/web/search/providers/jina-search.ts';
import { npmProvider } from '../../src/agent-worker/toolkit/web/search/providers/npm.ts';
import { openAlexProvider } from '../../src/agent-worker/toolkit/web/search/providers/openalex.ts';
import { openverseProvider } from '../../src/agent-worker/toolkit/web/search/providers/openverse.ts';
import { searxngProvider } from '../../src/agent-worker/toolkit/web/search/providers/searxng.ts';
import { semanticScholarProvider } from '../../src/agent-worker/toolkit/web/search/providers/semantic-scholar.ts';
import { tavilyProvider } from '../../src/agent-worker/toolkit/web/search/providers/tavily.ts';
import { wikidataProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikidata.ts';
import { wikimediaCommonsProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikimedia-commons.ts';
import { wikipediaProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikipedia.ts';
import type { SearchProvider } from '../../src/agent-worker/toolkit/web/search/search-provider.ts';
import type { SearchType } from '../../src/shared/protocol/web/search-results.ts';
import { SEARXNG_HOSTS } from '../fixtures/web/search-api-keyed-routes.ts';
import { jsonReply } from '../fixtures/web/search-api-results.ts';
import { PROXY_HOST, PROXY_TEMPLATE, searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import {
  type ContextOptions,
  FIXED_NOW,
  failureOf,
  providerContext,
  searchWith,
} from '../fixtures/web/search-provider-context.ts';
import {
  type FixtureReply,
  startWebFixtures,
  type WebFixtureServer,
} from '../fixtures/web/web-fixture-server.ts';

/**
 * How every provider fails: a 429 is `rate_limited` with the wait the reply gives, any
 * other non-2xx is `http` with the status and the start of the body, a reply that is not
 * JSON or not of the documented shape is `bad_reply`; a stop or a refused CORS read is a
 * `NetworkError` passed through. Plus the services' own ways of refusing.
 */

let server: WebFixtureServer;
beforeAll(async () => {
  server = await startWebFixtures(searchApiRoutes({ now: () => FIXED_NOW }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const PROXY = { corsProxyTemplate: PROXY_TEMPLATE };

type Case = {
  id: string;
  provider: SearchProvider;
  type: SearchType;
  /** The route that answers the provider's request (the proxy for Brave and Jina). */
  host: string;
  path: string;
  options?: ContextOptions;
};

const CASES: Case[] = [
  {
    id: 'wikipedia',
    provider: wikipediaProvider,
    type: 'info',
    host: 'en.wikipedia.org',
    path: '/w/rest.php/v1/search/page',
  },
  {
    id: 'wikimedia_commons',
    provider: wikimediaCommonsProvider,
    type: 'image',
    host: 'commons.wikimedia.org',
    path: '/w/api.php',
  },
  {
    id: 'openverse',
    provider: openverseProvider,
    type: 'image',
    host: 'api.openverse.org',
    path: '/v1/images/',
  },
  { id: 'crossref', provider: crossrefProvider, type: 'research', host: 'api.crossref.org', path: '/works' },
  {
    id: 'hn_algolia',
    provider: hnAlgoliaProvider,
    type: 'research',
    host: 'hn.algolia.com',
    path: '/api/v1/search',
  },
  {
    id: 'github',
    provider: githubProvider,
    type: 'api',
    host: 'api.github.com',
    path: '/search/repositories',
  },
  { id: 'npm', provider: npmProvider, type: 'tool', host: 'registry.npmjs.org', path: '/-/v1/search' },
  { id: 'wikidata', provider: wikidataProvider, type: 'data', host: 'query.wikidata.org', path: '/sparql' },
  {
    id: 'tavily',
    provider: tavilyProvider,
    type: 'info',
    host: 'api.tavily.com',
    path: '/search',
    options: { key: 'k' },
  },
  {
    id: 'searxng',
    provider: searxngProvider,
    type: 'info',
    host: SEARXNG_HOSTS.json,
    path: '/search',
    options: { web: { searxngUrl: `https://${SEARXNG_HOSTS.json}` } },
  },
  {
    id: 'brave',
    provider: braveProvider,
    type: 'info',
    host: PROXY_HOST,
    path: '/',
    options: { key: 'k', web: PROXY },
  },
  {
    id: 'jina_search',
    provider: jinaSearchProvider,
    type: 'info',
    host: PROXY_HOST,
    path: '/',
    options: { key: 'k', web: PROXY },
  },
  {
    id: 'openalex',
    provider: openAlexProvider,
    type: 'research',
    host: 'api.openalex.org',
    path: '/works',
    options: { key: 'k' },
  },
  {
    id: 'semantic_scholar',
    provider: semanticScholarProvider,
    type: 'research',
    host: 'api.semanticscholar.org',
    path: '/graph/v1/paper/search',
    options: { key: 'k' },
  },
];

/** Runs `entry`'s provider while its route answers `reply`. */
async function failWith(entry: Case, reply: FixtureReply) {
  const restore = server.override({ host: entry.host, path: entry.path, reply: () => reply });
  try {
    return await failureOf(searchWith(server, entry.provider, 'coral', { type: entry.type }, entry.options));
  } finally {
    restore();
  }
}

/** A reply with every top-level field a provider reads, each of the wrong type. */
const WRONG_SHAPE = {
  pages: 1,
  query: { search: 1, pages: 1 },
  results: 1,
  message: 1,
  hits: 1,
  items: 1,
  objects: 1,
  data: 1,
  web: 1,
};

describe.each(CASES)('$id', (entry) => {
  it('calls the route these cases override (the real reply works)', async () => {
    await searchWith(server, entry.provider, 'coral', { type: entry.type }, entry.options);
    expect(
      server.requests.some((request) => request.host === entry.host && request.path === entry.path),
    ).toBe(true);
  });

  it('turns a 429 into rate_limited with the Retry-After wait', async () => {
    const error = await failWith(
      entry,
      jsonReply({ error: 'Too many requests' }, { 'retry-after': '12' }, 429),
    );
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'rate_limited', retryAfterMs: 12_000 });
  });

  it('turns a 503 into http with the status and the start of the body', async () => {
    const error = await failWith(entry, {
      status: 503,
      headers: { 'content-type': 'text/html' },
      body: `<html><body><h1>Service Unavailable</h1><p>Back soon.</p>${'x'.repeat(500)}</body></html>`,
    });
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'http' });
    expect(error.message).toMatch(/answered HTTP 503: Service Unavailable Back soon\. x{169}…$/);
  });

  it('turns a reply of another shape into bad_reply', async () => {
    const error = await failWith(entry, jsonReply(WRONG_SHAPE));
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'bad_reply' });
  });

  it('turns a reply that is not JSON into bad_reply', async () => {
    const error = await failWith(entry, {
      headers: { 'content-type': 'text/html' },
      body: '<html>Maintenance</html>',
    });
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'bad_reply' });
    expect(error.message).toContain('not JSON');
  });
});

describe('service-specific refusals', () => {
  it('GitHub: a spent primary rate limit (403, x-ratelimit-remaining 0) waits until x-ratelimit-reset', async () => {
    const github = CASES.find((entry) => entry.id === 'github') as Case;
    const error = await failWith(
      github,
      jsonReply(
        { message: 'API rate limit exceeded for 127.0.0.1.' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(FIXED_NOW / 1000 + 42) },
        403,
      ),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000 });
  });

  it('GitHub: a 403 that is not a rate limit stays an http error', async () => {
    const github = CASES.find((entry) => entry.id === 'github') as Case;
    const error = await failWith(
      github,
      jsonReply({ message: 'Blocked' }, { 'x-ratelimit-remaining': '8' }, 403),
    );
    expect(error).toMatchObject({ kind: 'http', message: 'GitHub answered HTTP 403: {"message":"Blocked"}' });
  });

  it('Wikipedia: an Action API error sent with HTTP 200 is read (ratelimited → rate_limited)', async () => {
    const restore = server.override({
      host: 'en.wikipedia.org',
      path: '/w/api.php',
      reply: () => jsonReply({ error: { code: 'ratelimited', info: 'You have exceeded your rate limit.' } }),
    });
    const error = await failureOf(searchWith(server, wikipediaProvider, 'coral', { time: 'past_year' }));
    restore();
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message: 'Wikipedia refused the search: You have exceeded your rate limit.',
    });
  });
});

describe('network failures pass through', () => {
  it('a stopped search is a cancelled NetworkError', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(
      searchWith(server, crossrefProvider, 'coral', {}, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'cancelled' });
  });

  it.each([
    [
      'Brave Search',
      'https://api.search.brave.com/res/v1/web/search?q=coral',
      { 'x-subscription-token': 'k' },
    ],
    ['s.jina.ai', 'https://s.jina.ai/?q=coral', { authorization: 'Bearer k' }],
    [
      'the Action API without origin=*',
      'https://en.wikipedia.org/w/api.php?action=query&list=search&srsearch=coral&format=json',
      {},
    ],
  ])('%s read directly (no CORS) is unreachable, though the server answered', async (_name, url, headers) => {
    const network = providerContext(server).network;
    await expect(network.fetch({ url, headers })).rejects.toMatchObject({
      name: 'NetworkError',
      kind: 'unreachable',
    });
    expect(server.requests).toHaveLength(1);
  });
});

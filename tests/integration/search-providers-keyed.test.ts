import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braveProvider } from '../../src/agent-worker/toolkit/web/search/providers/brave.ts';
import { jinaSearchProvider } from '../../src/agent-worker/toolkit/web/search/providers/jina-search.ts';
import { openAlexProvider } from '../../src/agent-worker/toolkit/web/search/providers/openalex.ts';
import { searxngProvider } from '../../src/agent-worker/toolkit/web/search/providers/searxng.ts';
import { semanticScholarProvider } from '../../src/agent-worker/toolkit/web/search/providers/semantic-scholar.ts';
import { tavilyProvider } from '../../src/agent-worker/toolkit/web/search/providers/tavily.ts';
import type {
  ProviderQuery,
  SearchProvider,
} from '../../src/agent-worker/toolkit/web/search/search-provider.ts';
import { SEARXNG_HOSTS } from '../fixtures/web/search-api-keyed-routes.ts';
import { PROXY_HOST, PROXY_TEMPLATE, searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import {
  type ContextOptions,
  FIXED_NOW,
  failureOf,
  lastRequest,
  queryOf,
  searchWith,
} from '../fixtures/web/search-provider-context.ts';
import { startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';

/**
 * The providers that need a key, an instance or the CORS proxy (Tavily, SearXNG, Brave,
 * Jina, OpenAlex, Semantic Scholar) against the fixture APIs: what each says when that is
 * missing, the requests it sends (Brave and Jina through the proxy) and the hits it
 * makes. Their image modes are in search-providers-images.test.ts.
 */

const CORAL_SUMMARY =
  'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs.';
const PROXY = { corsProxyTemplate: PROXY_TEMPLATE };

let server: WebFixtureServer;
beforeAll(async () => {
  server = await startWebFixtures(searchApiRoutes({ now: () => FIXED_NOW }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const run = (
  provider: SearchProvider,
  text: string,
  overrides: Partial<ProviderQuery> = {},
  options: ContextOptions = {},
) => searchWith(server, provider, text, overrides, options);

describe('a missing key, instance or proxy', () => {
  it.each([
    {
      id: 'tavily',
      missing: 'key',
      provider: tavilyProvider,
      options: {},
      says: 'Add a Tavily key in Settings → Search.',
    },
    {
      id: 'openalex',
      missing: 'key',
      provider: openAlexProvider,
      options: {},
      says: 'Add an OpenAlex key in Settings → Search.',
    },
    {
      id: 'semantic_scholar',
      missing: 'key',
      provider: semanticScholarProvider,
      options: {},
      says: 'Add a Semantic Scholar key in Settings → Search.',
    },
    {
      id: 'brave',
      missing: 'key',
      provider: braveProvider,
      options: { web: PROXY },
      says: 'Add a Brave Search key',
    },
    {
      id: 'jina_search',
      missing: 'key',
      provider: jinaSearchProvider,
      options: { web: PROXY },
      says: 'Add a Jina Search key',
    },
    {
      id: 'searxng',
      missing: 'instance',
      provider: searxngProvider,
      options: {},
      says: 'Add the address of your SearXNG instance in Settings → Search.',
    },
    {
      id: 'brave',
      missing: 'proxy',
      provider: braveProvider,
      options: { key: 'brave-test' },
      says: 'Brave Search does not accept requests from a web page (no CORS): set a CORS proxy in Settings → Search',
    },
    {
      id: 'jina_search',
      missing: 'proxy',
      provider: jinaSearchProvider,
      options: { key: 'jina-test' },
      says: 'Jina Search does not accept requests from a web page (no CORS): set a CORS proxy',
    },
  ])('$id without its $missing is not_configured, and sends nothing', async ({ provider, options, says }) => {
    const error = await failureOf(run(provider, 'coral', {}, options));
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'not_configured' });
    expect(error.message).toContain(says);
    expect(server.requests).toEqual([]);
  });
});

describe('Tavily', () => {
  it('posts a news search with the time range and a bearer key', async () => {
    const hits = await run(
      tavilyProvider,
      'coral',
      { type: 'news', time: 'past_week' },
      { key: 'tvly-test' },
    );
    const request = lastRequest(server, 'api.tavily.com', '/search');
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer tvly-test');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      query: 'coral',
      max_results: 10,
      topic: 'news',
      time_range: 'week',
    });
    expect(hits).toEqual([
      {
        title: 'Coral bleaching event spreads across the Pacific',
        url: 'https://tavily-news.example.com/coral-bleaching-2026',
        snippet: CORAL_SUMMARY,
        date: '2026-11-20T09:36:00.000Z',
      },
      expect.objectContaining({ title: 'Restoring reefs with lab-reared coral larvae' }),
    ]);
  });
});

describe('SearXNG', () => {
  const web = { searxngUrl: `https://${SEARXNG_HOSTS.json}/` };

  it('asks the instance for JSON in the category and time range of the search', async () => {
    const hits = await run(searxngProvider, 'coral', { type: 'news', time: 'past_week' }, { web });
    expect(queryOf(lastRequest(server, SEARXNG_HOSTS.json, '/search'))).toEqual({
      q: 'coral',
      format: 'json',
      categories: 'news',
      time_range: 'week',
    });
    expect(hits).toEqual([
      {
        title: 'Coral bleaching event spreads across the Pacific',
        url: 'https://searx-result.example.net/news/coral-bleaching-2026',
        snippet: `${CORAL_SUMMARY} news`,
        date: '2026-11-20T09:36:00.000Z',
        detail: 'via duckduckgo',
      },
      {
        title: 'Restoring reefs with lab-reared coral larvae',
        url: 'https://searx-result.example.net/news/reef-restoration-larvae',
        snippet:
          'Seeding damaged reefs with larvae raised in tanks doubled recruitment within two years. news',
        detail: 'via wikipedia',
      },
    ]);
  });

  it('says to enable the JSON format when the instance answers 403', async () => {
    const error = await failureOf(
      run(searxngProvider, 'coral', {}, { web: { searxngUrl: `https://${SEARXNG_HOSTS.jsonOff}` } }),
    );
    expect(error).toMatchObject({ kind: 'not_configured' });
    expect(error.message).toContain('enable `json` in search.formats');
  });
});

describe('Brave Search through the CORS proxy', () => {
  const options = { key: 'brave-test', web: PROXY };

  it('sends the web search, its freshness and the key through the proxy', async () => {
    const hits = await run(braveProvider, 'coral', { time: 'past_week' }, options);
    const request = lastRequest(server, PROXY_HOST, '/');
    expect(request.query.get('url')).toBe(
      'https://api.search.brave.com/res/v1/web/search?q=coral&count=10&freshness=pw',
    );
    expect(request.headers['x-subscription-token']).toBe('brave-test');
    expect(request.headers.accept).toBe('application/json');
    expect(hits).toEqual([
      {
        title: 'Coral bleaching event spreads across the Pacific (web)',
        url: 'https://brave-web.example.com/coral-bleaching-2026',
        snippet: CORAL_SUMMARY,
        date: '2026-11-20T09:36:00.000Z',
        detail: 'brave-web.example.com',
      },
      expect.objectContaining({ url: 'https://brave-web.example.com/reef-restoration-larvae' }),
    ]);
  });

  it('uses the news endpoint for news', async () => {
    const news = await run(braveProvider, 'coral', { type: 'news', time: 'past_day' }, options);
    expect(lastRequest(server, PROXY_HOST).query.get('url')).toBe(
      'https://api.search.brave.com/res/v1/news/search?q=coral&count=10&freshness=pd',
    );
    expect(news.map((hit) => hit.url)).toEqual(['https://brave-news.example.com/coral-bleaching-2026']);
  });
});

describe('Jina Search through the CORS proxy', () => {
  it('asks for JSON with a bearer key and falls back on page content for an empty description', async () => {
    const hits = await run(jinaSearchProvider, 'coral', {}, { key: 'jina-test', web: PROXY });
    const request = lastRequest(server, PROXY_HOST, '/');
    expect(request.query.get('url')).toBe('https://s.jina.ai/?q=coral');
    expect(request.headers.authorization).toBe('Bearer jina-test');
    expect(request.headers.accept).toBe('application/json');
    expect(hits[0]).toEqual({
      title: 'Coral bleaching event spreads across the Pacific',
      url: 'https://jina-result.example.com/coral-bleaching-2026',
      snippet: CORAL_SUMMARY,
    });
    expect(hits[2]?.snippet).toMatch(
      /^# Great Barrier Reef aerial survey results An aerial survey of 1,000 reefs/,
    );
    expect(hits[2]?.snippet).toHaveLength(301);
  });
});

describe('OpenAlex', () => {
  it('sends the key and the publication-date filter, and rebuilds abstracts', async () => {
    const hits = await run(
      openAlexProvider,
      'coral',
      { type: 'research', time: 'past_month' },
      { key: 'oa-test' },
    );
    expect(queryOf(lastRequest(server, 'api.openalex.org', '/works'))).toEqual({
      search: 'coral',
      per_page: '10',
      filter: 'from_publication_date:2026-10-20',
      api_key: 'oa-test',
    });
    expect(hits).toHaveLength(3);
    expect(hits[0]).toEqual({
      title: 'Coral bleaching event spreads across the Pacific',
      url: 'https://doi.org/10.5555/coral-bleaching-2026',
      snippet: CORAL_SUMMARY,
      date: '2026-11-20T00:00:00.000Z',
      detail: 'Ana Reyes, Tom Okafor, Li Wei et al. · Marine Ecology Progress Series · 2026',
    });
    expect(hits[1]?.url).toBe('https://journals.example.org/reef-restoration-larvae');
  });
});

describe('Semantic Scholar', () => {
  it('sends x-api-key, the fields and an open-ended publication date range', async () => {
    const hits = await run(semanticScholarProvider, 'coral', { time: 'past_month' }, { key: 's2-test' });
    const request = lastRequest(server, 'api.semanticscholar.org', '/graph/v1/paper/search');
    expect(request.headers['x-api-key']).toBe('s2-test');
    expect(queryOf(request)).toEqual({
      query: 'coral',
      limit: '10',
      fields: 'title,url,abstract,year,authors,venue,publicationDate,externalIds',
      publicationDateOrYear: '2026-10-20:',
    });
    expect(hits.map((hit) => hit.date)).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-17T00:00:00.000Z',
      '2026-10-31T00:00:00.000Z',
    ]);
    expect(hits[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\/www\.semanticscholar\.org\/paper\//),
    });
  });

  it('falls back on the year without a publication date, and on an empty snippet without an abstract', async () => {
    const hits = await run(semanticScholarProvider, 'coral', {}, { key: 's2-test' });
    expect(hits).toHaveLength(5);
    expect(hits[3]?.snippet).toBe('');
    expect(hits[4]?.date).toBe('2024-01-01T00:00:00.000Z');
  });
});

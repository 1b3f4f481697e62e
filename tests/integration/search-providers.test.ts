import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crossrefProvider } from '../../src/agent-worker/toolkit/web/search/providers/crossref.ts';
import { githubProvider } from '../../src/agent-worker/toolkit/web/search/providers/github.ts';
import { hnAlgoliaProvider } from '../../src/agent-worker/toolkit/web/search/providers/hn-algolia.ts';
import { SEARCH_PROVIDERS } from '../../src/agent-worker/toolkit/web/search/providers/index.ts';
import { npmProvider } from '../../src/agent-worker/toolkit/web/search/providers/npm.ts';
import { openverseProvider } from '../../src/agent-worker/toolkit/web/search/providers/openverse.ts';
import { wikidataProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikidata.ts';
import { wikipediaProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikipedia.ts';
import type {
  ProviderQuery,
  SearchProvider,
} from '../../src/agent-worker/toolkit/web/search/search-provider.ts';
import { WEB_SERVICE_IDS } from '../../src/shared/protocol/web/web-services.ts';
import { CANNED_TOPICS } from '../fixtures/web/search-api-results.ts';
import { searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import { sparqlSearchText, wikidataNumber } from '../fixtures/web/search-api-wikimedia-routes.ts';
import {
  type ContextOptions,
  FIXED_NOW,
  lastRequest,
  queryOf,
  searchWith,
} from '../fixtures/web/search-provider-context.ts';
import { startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';

/**
 * The keyless text search providers against the fixture search APIs, through the real
 * fetch network: the requests they send (as the fixture server saw them) and the hits
 * they make of documented replies. Image search, keyed providers (and the proxy) and
 * failures are in the sibling search-providers-*.test.ts files.
 */

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(FIXED_NOW - days * DAY).toISOString();

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

describe('the provider list', () => {
  it('has every search service once, in the default order', () => {
    expect(SEARCH_PROVIDERS.map((provider) => provider.id)).toEqual(WEB_SERVICE_IDS.slice(0, 14));
    expect(openverseProvider.rateLimit).toEqual({ requests: 20, perMs: 60_000 });
    expect(githubProvider.rateLimit).toEqual({ requests: 10, perMs: 60_000 });
  });
});

describe('Wikipedia', () => {
  it('searches the REST API with Api-User-Agent and reads excerpts and thumbnails', async () => {
    const hits = await run(
      wikipediaProvider,
      'coral',
      { limit: 2 },
      { web: { contactEmail: 'ana@example.org' } },
    );
    const request = lastRequest(server, 'en.wikipedia.org');
    expect(request.path).toBe('/w/rest.php/v1/search/page');
    expect(queryOf(request)).toEqual({ q: 'coral', limit: '2' });
    expect(request.headers['api-user-agent']).toBe('Sandpiper/0.1 (ana@example.org)');
    expect(hits).toEqual([
      {
        title: 'Coral bleaching event spreads across the Pacific',
        url: 'https://en.wikipedia.org/wiki/Coral_bleaching_event_spreads_across_the_Pacific',
        snippet:
          'Coral bleaching event spreads across the Pacific. Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs. & more',
        detail: 'Marine Ecology Progress Series article',
        image: {
          url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/coral_bleaching_2026.png/320px-coral_bleaching_2026.png',
          width: 200,
          height: 133,
          mime: 'image/png',
        },
      },
      expect.objectContaining({ title: 'Restoring reefs with lab-reared coral larvae' }),
    ]);
    expect(hits[1]).not.toHaveProperty('image');
  });

  it('uses the Action API with origin=* for dated results when a time filter is set', async () => {
    const hits = await run(wikipediaProvider, 'jupiter', { time: 'past_week', limit: 3 });
    const request = lastRequest(server, 'en.wikipedia.org');
    expect(request.path).toBe('/w/api.php');
    expect(queryOf(request)).toEqual({
      action: 'query',
      list: 'search',
      srsearch: 'jupiter',
      srlimit: '3',
      srprop: 'snippet|timestamp',
      format: 'json',
      formatversion: '2',
      origin: '*',
    });
    expect(request.headers['api-user-agent']).toBe('Sandpiper/0.1 (https://github.com/sandpiper)');
    expect(wikipediaProvider.filtersTime).toBe(false);
    expect(hits.map((hit) => [hit.title, hit.date])).toEqual([
      ['Juno’s close flyby of Io returns new volcano images', ago(0.1)],
      ['Why the Great Red Spot is shrinking', ago(3)],
      ['Jupiter now has 95 known moons', ago(20)],
    ]);
    expect(hits[0]?.url).toBe(
      'https://en.wikipedia.org/wiki/Juno%E2%80%99s_close_flyby_of_Io_returns_new_volcano_images',
    );
  });
});

describe('Crossref', () => {
  it('filters by publication date, sends mailto when a contact is set, and reads JATS abstracts', async () => {
    const hits = await run(
      crossrefProvider,
      'coral',
      { type: 'research', time: 'past_month', limit: 5 },
      { web: { contactEmail: 'ana@example.org' } },
    );
    expect(queryOf(lastRequest(server, 'api.crossref.org'))).toEqual({
      query: 'coral',
      rows: '5',
      select: 'DOI,title,URL,author,container-title,published,issued,abstract',
      filter: 'from-pub-date:2026-10-20',
      mailto: 'ana@example.org',
    });
    expect(hits).toHaveLength(3);
    expect(hits[0]).toEqual({
      title: 'Coral bleaching event spreads across the Pacific',
      url: 'https://doi.org/10.5555/coral-bleaching-2026',
      snippet:
        'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs. In situ data.',
      date: '2026-11-20T00:00:00.000Z',
      detail: 'Ana Reyes, Tom Okafor, Li Wei et al. · Marine Ecology Progress Series · 2026',
    });
  });

  it('sends no mailto and no filter without a contact and a time filter', async () => {
    const hits = await run(crossrefProvider, 'coral', { type: 'research' });
    expect(queryOf(lastRequest(server, 'api.crossref.org'))).not.toHaveProperty('mailto');
    expect(queryOf(lastRequest(server, 'api.crossref.org'))).not.toHaveProperty('filter');
    expect(hits).toHaveLength(5);
    expect(hits[4]?.snippet).toBe('');
  });
});

describe('Hacker News (Algolia)', () => {
  it('searches stories since the cut-off, newest first for news, and links text posts to their discussion', async () => {
    const hits = await run(hnAlgoliaProvider, 'coral', { type: 'news', time: 'past_week' });
    const request = lastRequest(server, 'hn.algolia.com');
    expect(request.path).toBe('/api/v1/search_by_date');
    expect(queryOf(request)).toEqual({
      query: 'coral',
      tags: 'story',
      hitsPerPage: '10',
      numericFilters: `created_at_i>${Math.floor((FIXED_NOW - 7 * DAY) / 1000)}`,
    });
    expect(hits).toEqual([
      {
        title: 'Coral bleaching event spreads across the Pacific',
        url: 'https://news.example.com/coral-bleaching-2026',
        snippet: '',
        detail: '480 points · 210 comments',
        date: new Date(Math.floor((FIXED_NOW - 0.1 * DAY) / 1000) * 1000).toISOString(),
      },
      {
        title: 'Ask HN: Restoring reefs with lab-reared coral larvae?',
        url: 'https://news.ycombinator.com/item?id=41002414',
        snippet:
          'Seeding damaged reefs with larvae raised in tanks doubled recruitment within two years. Any pointers & papers?',
        detail: '390 points · 170 comments',
        date: ago(3),
      },
    ]);
  });

  it('searches by relevance for research', async () => {
    await run(hnAlgoliaProvider, 'coral', { type: 'research' });
    expect(lastRequest(server, 'hn.algolia.com').path).toBe('/api/v1/search');
    expect(queryOf(lastRequest(server, 'hn.algolia.com'))).not.toHaveProperty('numericFilters');
  });
});

describe('GitHub', () => {
  it('sends the pushed:> qualifier for a time filter and reads stars and languages', async () => {
    const hits = await run(githubProvider, 'coral', { type: 'tool', time: 'past_week', limit: 5 });
    const request = lastRequest(server, 'api.github.com');
    expect(request.path).toBe('/search/repositories');
    expect(queryOf(request)).toEqual({ q: 'coral pushed:>2026-11-13', per_page: '5' });
    expect(request.headers.accept).toBe('application/vnd.github+json');
    expect(hits).toEqual([
      {
        title: 'fixture-org/coral-bleaching-2026',
        url: 'https://github.com/fixture-org/coral-bleaching-2026',
        snippet:
          'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs.',
        detail: '12,000 stars · Python',
        date: '2026-11-20T09:36:00.000Z',
      },
      expect.objectContaining({ title: 'fixture-org/reef-restoration-larvae', detail: '9,500 stars · R' }),
    ]);
  });

  it('reads a null description as an empty snippet', async () => {
    const hits = await run(githubProvider, 'coral', { type: 'api' });
    expect(queryOf(lastRequest(server, 'api.github.com')).q).toBe('coral');
    expect(hits).toHaveLength(5);
    expect(hits[3]?.snippet).toBe('');
  });
});

describe('npm', () => {
  it('searches the registry and links each package on npmjs.com', async () => {
    const hits = await run(npmProvider, 'coral', { type: 'tool', limit: 2 });
    expect(queryOf(lastRequest(server, 'registry.npmjs.org', '/-/v1/search'))).toEqual({
      text: 'coral',
      size: '2',
    });
    expect(hits).toEqual([
      {
        title: '@fixture/coral-bleaching-2026',
        url: 'https://www.npmjs.com/package/@fixture/coral-bleaching-2026',
        snippet:
          'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs.',
        detail: 'v1.0.0 · published by coral',
        date: '2026-11-20T09:36:00.000Z',
      },
      expect.objectContaining({ title: 'reef-restoration-larvae', detail: 'v2.2.0 · published by reef' }),
    ]);
    expect(npmProvider.filtersTime).toBe(false);
  });
});

describe('Wikidata', () => {
  it('runs an EntitySearch SPARQL query and links items on www.wikidata.org', async () => {
    const hits = await run(wikidataProvider, 'jupiter', { type: 'data', limit: 3 });
    const request = lastRequest(server, 'query.wikidata.org', '/sparql');
    expect(request.query.get('format')).toBe('json');
    const sparql = request.query.get('query') ?? '';
    expect(sparql).toContain('wikibase:api "EntitySearch"');
    expect(sparql).toMatch(/LIMIT 3$/);
    expect(sparqlSearchText(sparql)).toBe('jupiter');
    const [first] = CANNED_TOPICS[0]?.results ?? [];
    expect(hits[0]).toEqual({
      title: 'Juno’s close flyby of Io returns new volcano images',
      url: `https://www.wikidata.org/wiki/Q${first ? wikidataNumber(first) : ''}`,
      snippet: 'The spacecraft passed within 1,500 km of Io and imaged lava lakes near its south pole.',
      detail: `Q${first ? wikidataNumber(first) : ''}`,
    });
    expect(hits[2]).toMatchObject({ title: 'Jupiter now has 95 known moons', snippet: '' });
  });

  it('keeps hostile text inside the SPARQL string', async () => {
    const hostile = 'reef" } SERVICE <https://evil.example/> { ?x ?y "\\u0022 \n#';
    await run(wikidataProvider, hostile, { type: 'data' });
    const sparql = lastRequest(server, 'query.wikidata.org', '/sparql').query.get('query') ?? '';
    expect(sparqlSearchText(sparql)).toBe('reef" } SERVICE <https://evil.example/> { ?x ?y " u0022  #');
    // The literal ends where the query goes on as written.
    expect(sparql).toMatch(/mwapi:search "(?:[^"\\\n]|\\.)*" ;\s+mwapi:language "en"/);
  });
});

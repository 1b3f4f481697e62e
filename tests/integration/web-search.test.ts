import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretVault } from '../../src/agent-worker/toolkit/ports/secret-vault.ts';
import type { SearchRequest } from '../../src/agent-worker/toolkit/ports/web-port.ts';
import { ServiceQueues } from '../../src/agent-worker/toolkit/web/rate-limits.ts';
import { SEARCH_PROVIDERS } from '../../src/agent-worker/toolkit/web/search/providers/index.ts';
import { createSearchService } from '../../src/agent-worker/toolkit/web/search/search-service.ts';
import type { WebClock } from '../../src/agent-worker/toolkit/web/web-clock.ts';
import { WebNetworks } from '../../src/agent-worker/toolkit/web/web-networks.ts';
import type { ToolProgress } from '../../src/shared/protocol/ports/progress-port.ts';
import { DEFAULT_WEB_SETTINGS, type WebSettings } from '../../src/shared/protocol/web/web-settings.ts';
import { memoryWorkspace } from '../fixtures/web/memory-workspace.ts';
import { searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import { FIXED_NOW } from '../fixtures/web/search-provider-context.ts';
import {
  type FixtureReply,
  fixtureFetch,
  startWebFixtures,
  type WebFixtureServer,
} from '../fixtures/web/web-fixture-server.ts';

/**
 * The search service over the real providers and the real fetch network, against the
 * fixture APIs: routing, failover, merging, the time filter, rate limits, switched-off
 * services and image downloads.
 */

let server: WebFixtureServer;
beforeAll(async () => {
  server = await startWebFixtures(searchApiRoutes({ now: () => FIXED_NOW }));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A clock at the fixtures' time whose `sleep` moves time on at once and records the wait. */
function testClock(): WebClock & { waits: number[] } {
  let now = FIXED_NOW;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

function service(
  options: { web?: Partial<WebSettings>; keys?: Record<string, string>; queues?: ServiceQueues } = {},
) {
  const web = { ...DEFAULT_WEB_SETTINGS, ...options.web };
  const progress: ToolProgress[] = [];
  const workspace = memoryWorkspace();
  const clock = testClock();
  const search = createSearchService({
    providers: SEARCH_PROVIDERS,
    web,
    networks: new WebNetworks(web, fixtureFetch(server)),
    secrets: new SecretVault(options.keys ?? {}),
    queues: options.queues ?? new ServiceQueues(),
    clock,
    progress: {
      output: () => undefined,
      status: (update) => progress.push({ kind: 'status', ...update }),
    },
    workspace,
    thumbnailer: async () => null,
  });
  const run = (request: Partial<SearchRequest> & Pick<SearchRequest, 'type' | 'queries'>) =>
    search.search({ time: 'all', ...request }, new AbortController().signal);
  return { run, progress, workspace, clock };
}

const hostsAsked = () => [...new Set(server.requests.map((request) => request.host))];

describe('searching with the keyless defaults', () => {
  it('runs every query variant on Wikipedia, merges them by URL at the best rank, and summarises', async () => {
    const { run } = service();
    const report = await run({ type: 'info', queries: ['jupiter moons', 'Jupiter moons ', 'jupiter'] });
    expect(hostsAsked()).toEqual(['en.wikipedia.org']);
    // Two distinct variants (the repeat is dropped), each one request.
    expect(server.requests.map((request) => request.query.get('q'))).toEqual(['jupiter moons', 'jupiter']);
    expect(report.providers).toEqual([
      expect.objectContaining({ id: 'wikipedia', name: 'Wikipedia', status: 'answered', results: 10 }),
    ]);
    const urls = report.hits.map((hit) => hit.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(report.hits.map((hit) => hit.rank)).toEqual(report.hits.map((_, index) => index + 1));
    expect(report.hits[0]).toMatchObject({ source: 'wikipedia', site: 'en.wikipedia.org' });
    expect(report.summary).toMatch(
      /^\d+ info results? for “jupiter moons” \/ “jupiter” from Wikipedia\. Top: /,
    );
    expect(report.summary).toContain(report.hits[0]?.title);
  });

  it('routes each type to its providers: research to Crossref, api to GitHub, data to Wikidata', async () => {
    const { run } = service();
    const research = await run({ type: 'research', queries: ['coral reefs'] });
    expect(research.providers[0]).toMatchObject({ id: 'crossref', status: 'answered' });
    const api = await run({ type: 'api', queries: ['jupiter'] });
    expect(api.providers[0]).toMatchObject({ id: 'github', status: 'answered' });
    const data = await run({ type: 'data', queries: ['coral reefs'] });
    expect(data.providers[0]).toMatchObject({ id: 'wikidata', status: 'answered' });
    expect(data.hits[0]?.url).toMatch(/^https:\/\/www\.wikidata\.org\/wiki\/Q\d+$/);
  });

  it('filters by date where the provider cannot, and says how many were dropped or undated', async () => {
    const { run } = service();
    const report = await run({ type: 'info', queries: ['jupiter'], time: 'past_week' });
    // With a time filter Wikipedia is asked through the Action API, which dates its results.
    expect(server.requests[0]?.path).toBe('/w/api.php');
    expect(report.timeFiltered.dropped).toBeGreaterThan(0);
    const cutoff = FIXED_NOW - 7 * 24 * 60 * 60 * 1000;
    for (const hit of report.hits) expect(Date.parse(hit.date ?? '')).toBeGreaterThanOrEqual(cutoff);
  });

  it('never contacts a service the person switched off, and says what the others lack when none is left', async () => {
    const { run } = service({ web: { disabledServices: ['wikipedia', 'searxng'] } });
    const report = await run({ type: 'info', queries: ['jupiter'] });
    expect(server.requests).toEqual([]);
    expect(report.hits).toEqual([]);
    expect(report.providers.map((provider) => [provider.id, provider.status, provider.reason])).toEqual([
      ['tavily', 'skipped', 'it needs a Tavily key (Settings → Search)'],
      ['brave', 'skipped', 'it needs a Brave Search key (Settings → Search)'],
      ['jina_search', 'skipped', 'it needs a Jina Search key (Settings → Search)'],
    ]);
  });
});

describe('failover', () => {
  it('moves on to the next provider when one fails, and lists who failed and why', async () => {
    const restore = server.override({
      host: 'api.tavily.com',
      path: '/search',
      reply: () => ({ status: 500, body: 'upstream exploded' }),
    });
    try {
      const { run } = service({ keys: { tavily: 'tvly-test' } });
      const report = await run({ type: 'info', queries: ['jupiter'] });
      expect(report.providers.map((provider) => [provider.id, provider.status])).toEqual([
        ['tavily', 'failed'],
        ['wikipedia', 'answered'],
      ]);
      expect(report.providers[0]?.reason).toContain('500');
      expect(report.hits.length).toBeGreaterThan(0);
    } finally {
      restore();
    }
  });

  it('counts a provider as failed when it fails its first query variant (the others are not tried)', async () => {
    const restore = server.override({
      host: 'en.wikipedia.org',
      path: '/w/rest.php/v1/search/page',
      reply: () => ({ status: 503, body: 'Service Unavailable' }),
    });
    try {
      const { run } = service();
      const report = await run({ type: 'info', queries: ['jupiter', 'jupiter moons', 'jupiter facts'] });
      expect(report.providers).toEqual([
        expect.objectContaining({ id: 'wikipedia', status: 'failed', results: 0 }),
      ]);
      expect(report.providers[0]?.reason).toContain('503');
      expect(server.requests).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('asks the next provider when the first brings too few results, and merges both', async () => {
    // The fixture topics have five results each: fewer than the eight a search wants.
    const { run } = service({ keys: { tavily: 'tvly-test' } });
    const report = await run({ type: 'info', queries: ['jupiter'] });
    expect(report.providers.map((provider) => [provider.id, provider.status, provider.results])).toEqual([
      ['tavily', 'answered', 5],
      ['wikipedia', 'answered', 5],
    ]);
    expect(hostsAsked()).toEqual(['api.tavily.com', 'en.wikipedia.org']);
    expect(new Set(report.hits.map((hit) => hit.source))).toEqual(new Set(['tavily', 'wikipedia']));
  });

  it('puts the person’s preferred provider first', async () => {
    const { run } = service({ keys: { tavily: 'tvly-test' }, web: { providerOrder: ['wikipedia'] } });
    const report = await run({ type: 'info', queries: ['jupiter'] });
    expect(report.providers[0]?.id).toBe('wikipedia');
  });
});

describe('rate limits', () => {
  it('queues GitHub at 10 searches a minute: a short wait is taken and announced, a long one fails over to npm', async () => {
    const queues = new ServiceQueues();
    const { run, clock, progress } = service({ queues });
    for (let index = 0; index < 10; index += 1) await run({ type: 'api', queries: ['jupiter'] });
    const refused = await run({ type: 'api', queries: ['jupiter'] });
    expect(refused.providers.map((provider) => [provider.id, provider.status])).toEqual([
      ['github', 'failed'],
      ['npm', 'answered'],
    ]);
    expect(refused.providers[0]?.reason).toMatch(
      /GitHub's rate limit is spent: the next request is allowed in \d+ s/,
    );
    expect(clock.waits).toEqual([]);
    // Half a minute later the oldest slots are near enough to wait for.
    clock.sleep(45_000, new AbortController().signal);
    clock.waits.length = 0;
    const waited = await run({ type: 'api', queries: ['jupiter'] });
    expect(waited.providers[0]).toMatchObject({ id: 'github', status: 'answered' });
    expect(clock.waits).toHaveLength(1);
    expect(progress.some((update) => /Waiting \d+ s for GitHub's rate limit/.test(update.text))).toBe(true);
  });

  it('pauses after a 429 for as long as Retry-After says, then tries once more', async () => {
    let calls = 0;
    const restore = server.override({
      host: 'api.openverse.org',
      path: /^\/v1\/images\/?$/,
      reply: (): FixtureReply => {
        calls += 1;
        return calls === 1
          ? { status: 429, headers: { 'retry-after': '7' }, body: '{"detail":"Request was throttled."}' }
          : {
              status: 200,
              headers: { 'content-type': 'application/json' },
              body: '{"result_count":0,"page_count":0,"page_size":20,"page":1,"results":[]}',
            };
      },
    });
    try {
      const { run, clock } = service({ web: { disabledServices: ['wikimedia_commons'] } });
      const report = await run({ type: 'image', queries: ['coral reefs'] });
      expect(calls).toBe(2);
      expect(clock.waits).toEqual([7_000]);
      expect(report.providers[0]).toMatchObject({ id: 'openverse', status: 'answered', results: 0 });
    } finally {
      restore();
    }
  });
});

describe('image search', () => {
  it('downloads nothing from image hosts when sites themselves are switched off, and says why', async () => {
    const { run } = service({ web: { disabledServices: ['direct', 'wikimedia_commons'] } });
    const report = await run({ type: 'image', queries: ['coral reefs'] });
    expect(report.providers[0]).toMatchObject({ id: 'openverse', status: 'answered' });
    const hosts = new Set(server.requests.map((request) => request.host));
    expect(hosts.has('images.cors-photos.example')).toBe(false);
    expect(hosts.has('photos.no-cors.example')).toBe(false);
    // Openverse's own thumbnails (on its API's origin) are still reachable.
    expect(report.images.length).toBeGreaterThan(0);
    for (const image of report.images) expect(image.source_url).toMatch(/^https:\/\/api\.openverse\.org\//);
  });

  it('downloads the images into the workspace with their true sizes, licences and authors, and lists those it could not get', async () => {
    const { run, workspace } = service();
    const report = await run({ type: 'image', queries: ['coral reefs'] });
    expect(report.providers[0]).toMatchObject({ id: 'wikimedia_commons', status: 'answered' });
    expect(report.images.length).toBeGreaterThan(0);
    for (const image of report.images) {
      expect(image.path).toMatch(/^\/home\/ubuntu\/images\/[a-z0-9-]+\.(png|jpg)$/);
      expect(workspace.files.get(image.path)?.byteLength).toBeGreaterThan(0);
      // No canvas in Node: the image is its own thumbnail.
      expect(image.thumb).toBe(image.path);
      expect(image.width).toBeGreaterThan(0);
      expect(image.license).toBeTruthy();
    }
    const sized = report.images.find((image) => image.width === 1200);
    expect(sized?.height).toBe(800);
    // The fourth Commons file is missing on its host: listed with the reason, not dropped.
    expect(report.failedImages).toEqual([
      expect.objectContaining({
        title: expect.stringContaining('coral microbiome'),
        reason: expect.stringContaining('404'),
      }),
    ]);
    expect(report.images.length + report.failedImages.length).toBe(
      Math.min(8, report.hits.filter((hit) => hit.image).length),
    );
  });
});

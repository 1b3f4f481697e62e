import { imageSize } from 'image-size';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braveProvider } from '../../src/agent-worker/toolkit/web/search/providers/brave.ts';
import { openverseProvider } from '../../src/agent-worker/toolkit/web/search/providers/openverse.ts';
import { searxngProvider } from '../../src/agent-worker/toolkit/web/search/providers/searxng.ts';
import { tavilyProvider } from '../../src/agent-worker/toolkit/web/search/providers/tavily.ts';
import { wikimediaCommonsProvider } from '../../src/agent-worker/toolkit/web/search/providers/wikimedia-commons.ts';
import type {
  ProviderQuery,
  SearchProvider,
} from '../../src/agent-worker/toolkit/web/search/search-provider.ts';
import { SEARXNG_HOSTS } from '../fixtures/web/search-api-keyed-routes.ts';
import { PROXY_HOST, PROXY_TEMPLATE, searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import {
  type ContextOptions,
  FIXED_NOW,
  lastRequest,
  providerContext,
  queryOf,
  searchWith,
} from '../fixtures/web/search-provider-context.ts';
import { startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';

/**
 * Image search: what the image providers (Commons, Openverse, and the image modes of
 * Tavily, SearXNG and Brave) ask for and the image results they make, and the fixture
 * image hosts those results point at (real PNG and JPEG bytes, a host without CORS, a
 * missing file).
 */

const CORAL_SUMMARY =
  'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs.';

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

describe('Wikimedia Commons', () => {
  it('asks for files with image info and reads licences, authors and sizes in rank order', async () => {
    const hits = await run(wikimediaCommonsProvider, 'coral', { type: 'image', limit: 3 });
    const request = lastRequest(server, 'commons.wikimedia.org', '/w/api.php');
    expect(queryOf(request)).toMatchObject({
      action: 'query',
      generator: 'search',
      gsrsearch: 'coral',
      gsrnamespace: '6',
      gsrlimit: '3',
      prop: 'imageinfo',
      iiprop: 'url|size|mime|extmetadata',
      iiurlwidth: '320',
      format: 'json',
      formatversion: '2',
      origin: '*',
    });
    expect(request.headers['api-user-agent']).toMatch(/^Sandpiper\/0\.1 /);
    expect(hits.map((hit) => hit.title)).toEqual([
      'coral bleaching 2026.png',
      'reef restoration larvae.png',
      'great barrier reef survey.png',
    ]);
    expect(hits[0]).toEqual({
      title: 'coral bleaching 2026.png',
      url: 'https://commons.wikimedia.org/wiki/File:coral_bleaching_2026.png',
      snippet:
        'Marine heatwaves pushed water temperatures above the bleaching threshold on most surveyed reefs.',
      detail: '1200×800 · CC BY-SA 4.0 · by Ana Reyes',
      image: {
        url: 'https://upload.wikimedia.org/wikipedia/commons/a/ab/coral_bleaching_2026.png',
        thumbnail_url:
          'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/coral_bleaching_2026.png/320px-coral_bleaching_2026.png',
        width: 1200,
        height: 800,
        mime: 'image/png',
        license: 'CC BY-SA 4.0',
        license_url: 'https://creativecommons.org/licenses/by-sa/4.0',
        author: 'Ana Reyes',
      },
    });
  });

  it('returns nothing for a search without results (a reply without `query`)', async () => {
    expect(await run(wikimediaCommonsProvider, 'no results at all', { type: 'image' })).toEqual([]);
  });
});

describe('Openverse', () => {
  it('asks for at most 20 results (the anonymous limit) and reads licence and creator', async () => {
    const hits = await run(openverseProvider, 'jupiter', { type: 'image', limit: 30 });
    expect(queryOf(lastRequest(server, 'api.openverse.org'))).toEqual({ q: 'jupiter', page_size: '20' });
    expect(hits).toHaveLength(5);
    expect(hits[0]).toMatchObject({
      title: 'Juno’s close flyby of Io returns new volcano images',
      url: 'https://www.flickr.com/photos/fixture/juno-flyby-io',
      detail: '640×480 · CC BY 2.0 · by Scott Bolton · via flickr',
      image: {
        url: 'https://images.cors-photos.example/photos/juno-flyby-io.jpg',
        width: 640,
        height: 480,
        mime: 'image/jpeg',
        license: 'CC BY 2.0',
        license_url: 'https://creativecommons.org/licenses/by/2.0/',
        author: 'Scott Bolton',
      },
    });
    expect(hits[1]?.image?.url).toBe('https://photos.no-cors.example/photos/great-red-spot-shrinking.png');
    expect(hits[0]?.image?.thumbnail_url).toMatch(
      /^https:\/\/api\.openverse\.org\/v1\/images\/[0-9a-f-]+\/thumb\/$/,
    );
  });
});

describe('image modes of the keyed providers', () => {
  it('asks for described images for an image search and returns them as image results', async () => {
    const hits = await run(tavilyProvider, 'coral', { type: 'image', limit: 2 }, { key: 'tvly-test' });
    expect(JSON.parse(lastRequest(server, 'api.tavily.com').body)).toEqual({
      query: 'coral',
      max_results: 2,
      topic: 'general',
      include_images: true,
      include_image_descriptions: true,
    });
    expect(hits[0]).toEqual({
      title: 'Coral bleaching event spreads across the Pacific: Marine heatwaves pushed water temperatures…',
      url: 'https://images.cors-photos.example/photos/coral-bleaching-2026.jpg',
      snippet: `Coral bleaching event spreads across the Pacific: ${CORAL_SUMMARY}`,
      image: { url: 'https://images.cors-photos.example/photos/coral-bleaching-2026.jpg' },
    });
    expect(hits).toHaveLength(2);
  });
  it('reads image results with their source and resolution', async () => {
    const hits = await run(
      searxngProvider,
      'jupiter',
      { type: 'image', limit: 1 },
      { web: { searxngUrl: `https://${SEARXNG_HOSTS.json}` } },
    );
    expect(queryOf(lastRequest(server, SEARXNG_HOSTS.json)).categories).toBe('images');
    expect(hits[0]?.image).toEqual({
      url: 'https://images.cors-photos.example/photos/juno-flyby-io.jpg',
      thumbnail_url: expect.stringMatching(/^https:\/\/api\.openverse\.org\/v1\/images\/.+\/thumb\/$/),
      width: 640,
      height: 480,
    });
  });

  it('uses the image endpoint, without freshness, for images', async () => {
    const images = await run(
      braveProvider,
      'coral',
      { type: 'image', time: 'past_day', limit: 3 },
      { key: 'brave-test', web: { corsProxyTemplate: PROXY_TEMPLATE } },
    );
    expect(lastRequest(server, PROXY_HOST).query.get('url')).toBe(
      'https://api.search.brave.com/res/v1/images/search?q=coral&count=3',
    );
    expect(images[1]).toEqual({
      title: 'Restoring reefs with lab-reared coral larvae',
      url: 'https://brave-images.example.com/reef-restoration-larvae',
      snippet: '',
      detail: 'brave-images.example.com',
      image: {
        url: 'https://photos.no-cors.example/photos/reef-restoration-larvae.png',
        thumbnail_url: expect.stringContaining('https://api.openverse.org/v1/images/'),
        width: 1200,
        height: 800,
      },
    });
  });
});

describe('the fixture image hosts', () => {
  const get = (url: string) => providerContext(server).network.fetch({ url });

  it('serve real PNG and JPEG bytes of the sizes the results give, and 404 a missing file', async () => {
    const commons = await get('https://upload.wikimedia.org/wikipedia/commons/a/ab/coral_bleaching_2026.png');
    expect(commons.headers['content-type']).toBe('image/png');
    expect(imageSize(commons.body)).toMatchObject({ width: 1200, height: 800, type: 'png' });
    const thumbnail = await get(
      'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/reef_restoration_larvae.png/320px-reef_restoration_larvae.png',
    );
    expect(imageSize(thumbnail.body)).toMatchObject({ width: 320, height: 240 });
    const photo = await get('https://images.cors-photos.example/photos/juno-flyby-io.jpg');
    expect(imageSize(photo.body)).toMatchObject({ width: 640, height: 480, type: 'jpg' });
    const missing = await get('https://upload.wikimedia.org/wikipedia/commons/0/00/coral_microbiome.png');
    expect(missing.status).toBe(404);
  });

  it('refuse a direct read from the host without CORS, and allow it through the proxy', async () => {
    const url = 'https://photos.no-cors.example/photos/great-red-spot-shrinking.png';
    await expect(get(url)).rejects.toMatchObject({ name: 'NetworkError', kind: 'unreachable' });
    const proxied = await get(`https://${PROXY_HOST}/?url=${encodeURIComponent(url)}`);
    expect(imageSize(proxied.body)).toMatchObject({ width: 1200, height: 800, type: 'png' });
  });
});

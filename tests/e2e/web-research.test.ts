import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { PAGE_HOSTS, pageRoutes } from '../fixtures/web/page-routes.ts';
import { relayRoutes } from '../fixtures/web/relay-routes.ts';
import { PROXY_HOST, SEARCH_API_HOSTS, searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import {
  type FixtureRequest,
  startWebFixtures,
  type WebFixtureServer,
} from '../fixtures/web/web-fixture-server.ts';
import { wikiArticleRoutes } from '../fixtures/web/wiki-article-routes.ts';
import { HOSTILE_PAGE_URL, hostileSearchHits } from '../fixtures/web/xss-corpus.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';

/**
 * A research task in Chromium against fixture services under their real host names
 * (HTTPS, mapped to a local server): an `info` search, an `image` search whose images
 * are downloaded and thumbnailed in the worker, and a page read through the Jina Reader
 * relay because its site refuses CORS. The thread and the computer panel show the
 * results, the thumbnails, the full image and the reader view; the app's CSP is in force
 * and reports no violation.
 */

/** What the fixture Wikipedia search answers for `query`, as the REST API's first page key. */
async function firstWikipediaKey(query: string): Promise<string> {
  const route = searchApiRoutes().find(
    (candidate) => candidate.host === 'en.wikipedia.org' && candidate.path === '/w/rest.php/v1/search/page',
  );
  const request: FixtureRequest = {
    host: 'en.wikipedia.org',
    method: 'GET',
    path: '/w/rest.php/v1/search/page',
    query: new URLSearchParams({ q: query, limit: '10' }),
    headers: {},
    body: '',
  };
  const reply = await route?.reply(request);
  const pages = (JSON.parse(String(reply?.body)) as { pages: { key: string }[] }).pages;
  return pages[0]?.key ?? '';
}

let fixtures: WebFixtureServer;
let harness: AppHarness;
beforeAll(async () => {
  const sites = [...searchApiRoutes(), ...pageRoutes(), ...wikiArticleRoutes()];
  fixtures = await startWebFixtures([...sites, ...relayRoutes(sites)]);
  const hosts = [...new Set([...SEARCH_API_HOSTS, ...PAGE_HOSTS, 'r.jina.ai', PROXY_HOST])];
  harness = await startApp({ launchArgs: fixtures.chromiumArgs(hosts) });
  await harness.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await harness.page.reload();
  await harness.configure();
});
afterAll(async () => {
  await harness?.close();
  await fixtures?.close();
});

it('searches, downloads images with thumbnails, reads a result through a relay, and shows them all', async () => {
  const { page, model } = harness;
  const article = `https://en.wikipedia.org/wiki/${await firstWikipediaKey('jupiter moons')}`;
  model.setScript([
    acknowledge('On it — I will look up Jupiter, collect reef images and read the top result.'),
    call('plan', {
      action: 'update',
      goal: 'Research for a short briefing',
      phases: [
        { id: 1, title: 'Search', capabilities: {} },
        { id: 2, title: 'Read', capabilities: {} },
      ],
    }),
    call('search', { type: 'info', queries: ['jupiter moons', 'jupiter'], brief: 'Facts about Jupiter' }),
    call('search', { type: 'image', queries: ['coral reefs'], brief: 'Reef images' }),
    call('browser', { url: article, intent: 'informational', focus: 'moons', brief: 'Read the top result' }),
    call('message', { type: 'result', text: 'Here is what I found.' }),
  ]);
  await harness.sendTask('Research Jupiter’s moons and find coral reef images');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
  expect(await statuses(page, 'search.info')).toEqual(['success']);
  expect(await statuses(page, 'search.image')).toEqual(['success']);
  expect(await statuses(page, 'browser')).toEqual(['success']);
  const panel = page.getByRole('complementary', { name: 'Computer' });

  // The info search: who answered, and the results as a list.
  await page.locator('[data-action-type="search.info"]').click();
  await expect.poll(() => panel.locator('.provider-chip').first().textContent()).toContain('Wikipedia');
  expect(await panel.locator('.search-result').count()).toBeGreaterThan(3);
  expect(await panel.locator('.search-result-title a').first().getAttribute('rel')).toContain('noopener');
  await harness.screenshot('web-research-info');

  // The image search: thumbnails drawn in the worker (at most 320 px), and the full image.
  await page.locator('[data-action-type="search.image"]').click();
  const thumbs = panel.locator('.image-tile-thumb');
  await expect.poll(() => thumbs.count()).toBeGreaterThan(3);
  await expect
    .poll(() =>
      thumbs.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  const sizes = await thumbs.evaluateAll((images) =>
    images.map((image) => [
      (image as HTMLImageElement).naturalWidth,
      (image as HTMLImageElement).naturalHeight,
    ]),
  );
  for (const [width, height] of sizes) expect(Math.max(width ?? 0, height ?? 0)).toBeLessThanOrEqual(320);
  expect(sizes.some(([width]) => width === 320)).toBe(true);
  await harness.screenshot('web-research-images');
  await panel.locator('.image-tile').first().click();
  const lightbox = page.locator('.image-lightbox');
  await lightbox.waitFor();
  await expect
    .poll(() => lightbox.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBe(1200);
  await harness.screenshot('web-research-lightbox');
  await page.keyboard.press('Escape');

  // The top result: read through Jina Reader (Wikipedia's pages refuse CORS), in the reader view.
  await page.locator('[data-action-type="browser"]').click();
  await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toContain('Jina Reader');
  await expect
    .poll(() => panel.locator('.markdown').first().textContent())
    .toContain('95 moons have confirmed orbits');
  await harness.screenshot('web-research-reader');

  // Nothing the pages or results carried ran, and the app's own CSP was never violated.
  expect(
    await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self' blob: data: https: http:");
  expect(csp).toContain("img-src 'self' blob: data:");
});

it('keeps hostile search results and a hostile page inert in the thread, the search view and the reader view', async () => {
  const { page, model } = harness;
  const hits = hostileSearchHits();
  const restore = fixtures.override({
    host: 'en.wikipedia.org',
    path: '/w/rest.php/v1/search/page',
    reply: () => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pages: hits.map((hit, index) => ({
          id: index + 1,
          key: `Hostile_${index + 1}`,
          title: hit.title,
          excerpt: hit.snippet,
          matched_title: null,
          anchor: null,
          description: hit.title,
          thumbnail: null,
        })),
      }),
    }),
  });
  try {
    await page.getByRole('button', { name: /New conversation/ }).click();
    model.setScript([
      acknowledge(),
      call('plan', {
        action: 'update',
        goal: 'Check a hostile page',
        phases: [{ id: 1, title: 'Read', capabilities: {} }],
      }),
      call('search', { type: 'info', queries: ['hostile'], brief: 'Search' }),
      call('browser', { url: HOSTILE_PAGE_URL, brief: 'Read it' }),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    await harness.sendTask('Read the hostile page');
    await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 60_000 });
    expect(await statuses(page, 'search.info')).toEqual(['success']);
    expect(await statuses(page, 'browser')).toEqual(['success']);
    const panel = page.getByRole('complementary', { name: 'Computer' });
    await page.locator('[data-action-type="search.info"]').click();
    await expect.poll(() => panel.locator('.search-result').count()).toBeGreaterThan(5);
    await harness.screenshot('web-research-hostile-results');
    await page.locator('[data-action-type="browser"]').click();
    await expect.poll(() => panel.locator('.markdown').first().textContent()).toContain('Harbour');
    await harness.screenshot('web-research-hostile-page');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    ).toEqual([]);
    expect(
      await panel.locator('script, [onerror], [onload], [onclick], a[href^="javascript:" i]').count(),
    ).toBe(0);
  } finally {
    restore();
  }
});

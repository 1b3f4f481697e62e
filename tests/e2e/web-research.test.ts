import { afterAll, beforeAll, expect, it } from 'vitest';
import { acknowledge, call } from '../fixtures/scenarios.ts';
import { PAGE_HOSTS, pageRoutes } from '../fixtures/web/page-routes.ts';
import { relayRoutes } from '../fixtures/web/relay-routes.ts';
import { PROXY_HOST, SEARCH_API_HOSTS, searchApiRoutes } from '../fixtures/web/search-api-routes.ts';
import { startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';
import { type AppHarness, startApp, statuses } from './app-harness.ts';

/**
 * A research task in Chromium against fixture services under their real host names
 * (HTTPS, mapped to a local server): an `info` search, an `image` search whose images
 * are downloaded and thumbnailed in the worker, and a page read through the Jina Reader
 * relay because its site refuses CORS. The thread and the computer panel show the
 * results, the thumbnails, the full image and the reader view; the app's CSP is in force
 * and reports no violation.
 */

const NEWS = 'https://news.example/2026/11/harbour-bridge.html';

let fixtures: WebFixtureServer;
let harness: AppHarness;
beforeAll(async () => {
  const sites = [...searchApiRoutes(), ...pageRoutes()];
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

it('searches, downloads images with thumbnails, reads a page through a relay, and shows them all', async () => {
  const { page, model } = harness;
  model.setScript([
    acknowledge('On it — I will look up Jupiter, collect reef images and read the bridge story.'),
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
    call('browser', { url: NEWS, intent: 'informational', focus: 'opening date', brief: 'Read the story' }),
    call('message', { type: 'result', text: 'Here is what I found.' }),
  ]);
  await harness.sendTask('Research Jupiter, find coral reef images, and read the harbour bridge story');
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

  // The page: read through Jina Reader (its site refuses CORS), shown in the reader view.
  await page.locator('[data-action-type="browser"]').click();
  await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toContain('Jina Reader');
  await expect.poll(() => panel.locator('.markdown').first().textContent()).toContain('bridge');
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

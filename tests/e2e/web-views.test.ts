import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppHarness, startApp } from './app-harness.ts';
import { importThroughPicker, openConversationId, screenshotEverywhere } from './pwa-helpers.ts';
import { webViewsBundle } from './web-views-bundle.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  const { page } = harness;
  // Every CSP violation the page reports, from before the app starts.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  // The service worker serves the live page: let it take over (the page reloads once into
  // cross-origin isolation), then load again so the listener above is in place.
  const isReady = () =>
    page
      .evaluate(() => window.crossOriginIsolated && navigator.serviceWorker.controller !== null)
      .catch(() => false);
  await expect.poll(isReady, { timeout: 30_000 }).toBe(true);
  await page.reload();
  await expect.poll(isReady).toBe(true);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
});
afterEach(async () => {
  await harness.close();
});

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Computer' });

/** Shows an action in the Computer panel (closing the sheet first on a phone) and waits for its view. */
async function showAction(page: Page, uuid: string, view: 'search' | 'browser'): Promise<Locator> {
  const panel = panelOf(page);
  if ((await page.locator('.app.is-details-open').count()) > 0) {
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.locator('.app.is-details-open').waitFor({ state: 'detached' });
  }
  const rows = page.locator('.action-row');
  const index = { 's-image': 0, 's-info': 1, 'b-live': 2, 'b-page': 3 }[uuid] ?? 0;
  await rows.nth(index).click();
  const shown = panel.locator(`.action-view[data-uuid="${uuid}"][data-view="${view}"]`);
  await shown.waitFor();
  return shown;
}

/** What would show that hostile text ran or loaded: the XSS counter and every CSP report. */
function pageHarm(page: Page) {
  return page.evaluate(() => ({
    xss: (window as { __xss?: number }).__xss ?? null,
    violations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
  }));
}

/** Every link in `scope`: its address, target and rel. */
function linksIn(scope: Locator) {
  return scope.locator('a[href]').evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute('href') ?? '',
      target: link.getAttribute('target'),
      rel: link.getAttribute('rel'),
    })),
  );
}

/** True when every image in `scope` has loaded with at least one pixel. */
function imagesLoaded(scope: Locator) {
  return scope
    .locator('img')
    .evaluateAll((images) =>
      images.map(
        (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ),
    );
}

describe('web views', () => {
  it('shows image and info searches, pages read and live, and the take-over question, from a bundle', async () => {
    const { page, app } = harness;
    await importThroughPicker(page, 'lighthouses.sandpiper.zip', webViewsBundle({ appUrl: `${app.url}/` }));
    await page.locator('.ask-card').waitFor();
    const conversationId = await openConversationId(page);
    const rowTexts = await page.locator('.action-row .action-text').allTextContents();
    expect(rowTexts).toEqual([
      'Searched for images of “lighthouse photo”',
      'Searched the web for “how does a lighthouse work”',
      'Opened http://localhost:3000/',
      'Opened https://en.wikipedia.org/wiki/Lighthouse',
    ]);
    expect(await page.locator('.action-row .action-icon svg path').first().getAttribute('d')).toContain(
      'M11 5a6',
    );

    // Image search: providers, summary, three thumbnails from the workspace, the failed image.
    const images = await showAction(page, 's-image', 'search');
    expect(await panelOf(page).getByRole('tab', { selected: true }).textContent()).toBe('Search');
    const chips = images.getByRole('list', { name: 'Providers' }).getByRole('listitem');
    expect(await chips.allInnerTexts()).toEqual([
      expect.stringContaining('Wikimedia Commons'),
      expect.stringContaining('Openverse'),
      expect.stringContaining('Brave Search'),
    ]);
    expect(await images.locator('.provider-reasons li').allTextContents()).toEqual([
      'Openverse failed: HTTP 429: too many requests; try again in a minute',
      'Brave Search skipped: No key (Settings → Search)',
    ]);
    const tiles = images.locator('.image-tile');
    expect(await tiles.count()).toBe(3);
    await expect.poll(() => imagesLoaded(images)).toEqual([true, true, true]);
    expect(await images.locator('.image-tile img').first().getAttribute('src')).toMatch(/^blob:/);
    expect(await images.locator('.failed-images').innerText()).toContain(
      'Not an image type that can be shown',
    );
    await screenshotEverywhere(
      harness,
      'web-search-image',
      async () => void (await showAction(page, 's-image', 'search')),
    );

    // The lightbox: the full image, its licence, author and source; arrows move on; Esc closes.
    await images.getByRole('button', { name: 'Open image 1: Harbour lighthouse at noon' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Harbour lighthouse at noon' });
    await lightbox.waitFor();
    await expect
      .poll(() => lightbox.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(960);
    expect(await lightbox.locator('.lightbox-facts').innerText()).toMatch(/CC BY-SA 4\.0[\s\S]*Ana Ribeiro/);
    expect(await linksIn(lightbox)).toEqual([
      {
        href: 'https://commons.wikimedia.org/wiki/File:lighthouse-harbour.jpg',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    ]);
    await harness.screenshot('web-lightbox-1440');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Lighthouse at dusk' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await harness.screenshot('web-lightbox-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Info search: results as links opening in a new tab; a javascript: address only as text.
    const info = await showAction(page, 's-info', 'search');
    expect(await info.locator('.search-result').count()).toBe(4);
    expect(await info.locator('.search-queries').innerText()).toContain('fresnel lens');
    const resultLinks = await linksIn(info.locator('.search-results'));
    expect(resultLinks.map((link) => link.href)).toEqual([
      'https://en.wikipedia.org/wiki/Lighthouse',
      'https://en.wikipedia.org/wiki/Fresnel_lens',
      'https://news.ycombinator.com/item?id=1',
    ]);
    expect(resultLinks.every((link) => link.target === '_blank' && link.rel === 'noopener noreferrer')).toBe(
      true,
    );
    expect(await info.locator('.search-result').nth(3).innerText()).toContain('javascript:alert(1)');
    await screenshotEverywhere(
      harness,
      'web-search-info',
      async () => void (await showAction(page, 's-info', 'search')),
    );

    // A page read through Jina Reader: address, title, how, length, the saved markdown rendered.
    const reader = await showAction(page, 'b-page', 'browser');
    expect(await panelOf(page).getByRole('tab', { selected: true }).textContent()).toBe('Browser');
    expect(await reader.locator('.browser-facts').innerText()).toContain(
      'Read through the Jina Reader relay',
    );
    expect(await reader.locator('.browser-facts').innerText()).toContain('1,834 words');
    const article = reader.getByRole('article', { name: 'Page content' });
    await article.locator('h5.markdown-h2', { hasText: 'History' }).waitFor();
    expect(await article.locator('table').count()).toBe(1);
    expect(await linksIn(reader.locator('.browser-address'))).toEqual([
      { href: 'https://en.wikipedia.org/wiki/Lighthouse', target: '_blank', rel: 'noopener noreferrer' },
    ]);
    expect(await reader.getByRole('button', { name: 'Live page' }).count()).toBe(0);
    await screenshotEverywhere(
      harness,
      'web-browser-reader',
      async () => void (await showAction(page, 'b-page', 'browser')),
    );

    // A workspace page: shown live in a frame with scripts but without this app's origin.
    const live = await showAction(page, 'b-live', 'browser');
    await live.getByRole('button', { name: 'Live page' }).click();
    const frame = live.locator('iframe.live-page');
    expect(await frame.getAttribute('src')).toBe(
      `${app.url}/preview/${encodeURIComponent(conversationId)}/site/index.html`,
    );
    // It runs in an opaque origin: the workspace page shows, but cannot reach this app.
    const framed = frame.contentFrame();
    await framed.locator('h1', { hasText: 'Harbour tours' }).waitFor();
    expect(await framed.locator('body').evaluate(() => window.origin)).toBe('null');
    expect(
      await framed.locator('body').evaluate(() => {
        try {
          return String(window.parent.document.title);
        } catch {
          return 'blocked';
        }
      }),
    ).toBe('blocked');
    await screenshotEverywhere(harness, 'web-browser-live', async () => {
      const shown = await showAction(page, 'b-live', 'browser');
      await shown.getByRole('button', { name: 'Live page' }).click();
    });
    // Its script sends the frame to the app itself: the service worker refuses to serve the
    // app into a frame, so the frame never holds a document at this app's origin.
    const liveAgain = await showAction(page, 'b-live', 'browser');
    await liveAgain.getByRole('button', { name: 'Live page' }).click();
    await liveAgain
      .locator('iframe.live-page')
      .contentFrame()
      .locator('h1', { hasText: 'Harbour tours' })
      .waitFor();
    await liveAgain
      .locator('iframe.live-page')
      .contentFrame()
      .locator('body')
      .evaluate(() => {
        window.location.href = '/?escaped=1';
      });
    await page.waitForTimeout(800);
    const reachable = await page.evaluate(() => {
      const element = document.querySelector<HTMLIFrameElement>('iframe.live-page');
      if (!element) return 'removed';
      try {
        return element.contentWindow?.location.href ?? 'none';
      } catch {
        return 'opaque';
      }
    });
    expect(['removed', 'opaque']).toContain(reachable);
    await harness.screenshot('web-browser-live-escape-refused');

    // The take-over question opens the latest page read, in a new tab, and is answered as usual.
    const ask = page.locator('.ask-card');
    const open = ask.getByRole('link', { name: 'Open the page' });
    expect(await open.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Lighthouse');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await ask.getByRole('button', { name: 'Take over' }).count()).toBe(1);
    expect(await ask.getByRole('textbox', { name: 'Reply' }).count()).toBe(1);
    await ask.scrollIntoViewIfNeeded();
    await screenshotEverywhere(harness, 'web-take-over', async () => {
      if ((await page.locator('.app.is-details-open').count()) > 0) {
        await panelOf(page).getByRole('button', { name: 'Close' }).click();
      }
      await ask.scrollIntoViewIfNeeded();
    });
    await page
      .context()
      .route('https://en.wikipedia.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Lighthouse</title>' }),
      );
    const [popup] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://en.wikipedia.org/wiki/Lighthouse');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    expect(await pageHarm(page)).toEqual({ xss: null, violations: [] });
  });

  it('renders every view of a bundle full of XSS payloads as text: nothing runs, nothing is blocked', async () => {
    const { page } = harness;
    await importThroughPicker(page, 'hostile.sandpiper.zip', webViewsBundle({ isHostile: true }));
    await page.locator('.ask-card').waitFor();
    const panel = panelOf(page);

    const images = await showAction(page, 's-image', 'search');
    await expect.poll(() => imagesLoaded(images)).toEqual([true, true, true]);
    expect(await images.locator('.provider-chip').first().textContent()).toMatch(/^Provider </);
    for (let index = 0; index < 3; index += 1) {
      await images.locator('.image-tile').nth(index).click();
      const lightbox = page.locator('dialog.image-lightbox[open]');
      await lightbox.locator('img').waitFor();
      expect(await lightbox.locator('.lightbox-facts').innerText()).toContain('Licence');
      for (const link of await linksIn(lightbox)) expect(link.href).toMatch(/^https:\/\//);
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached' });
    }
    expect(await images.locator('.failed-images li').count()).toBe(8);
    await harness.screenshot('web-hostile-search-image');

    const info = await showAction(page, 's-info', 'search');
    expect(await info.locator('.search-result').count()).toBeGreaterThan(30);
    expect(await info.locator('.search-result-title').first().textContent()).toContain('<script>');
    await harness.screenshot('web-hostile-search-info');

    const reader = await showAction(page, 'b-page', 'browser');
    await reader.getByRole('article', { name: 'Page content' }).locator('h4.markdown-h1').waitFor();
    expect(await reader.locator('.browser-address a').count()).toBe(0);
    await harness.screenshot('web-hostile-browser');

    // A live address that is not this app's preview route is never framed.
    const live = await showAction(page, 'b-live', 'browser');
    expect(await live.getByRole('button', { name: 'Live page' }).count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);

    // The raw envelope, and the workspace with payloads in its file names.
    await panel.getByRole('button', { name: 'Raw' }).click();
    await panel.locator('.json-view').first().waitFor();
    await panel.getByRole('button', { name: 'Raw' }).click();
    await panel.getByRole('tab', { name: 'Files' }).click();
    await panel.getByRole('treeitem').first().waitFor();
    await harness.screenshot('web-hostile-files');

    // No page to open: the hostile page's addresses are not http(s), and the workspace page is passed over.
    expect(await page.locator('.ask-card').getByRole('link', { name: 'Open the page' }).count()).toBe(0);

    await page.waitForTimeout(500);
    expect(await pageHarm(page)).toEqual({ xss: null, violations: [] });
    const everywhere = page.locator('body');
    expect(await everywhere.locator('main script, .details-panel script, dialog script').count()).toBe(0);
    const handlers = await everywhere.evaluate(
      () =>
        [...document.querySelectorAll('*')].filter((element) =>
          [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
        ).length,
    );
    expect(handlers).toBe(0);
    for (const link of await linksIn(everywhere)) {
      expect(link.href).toMatch(/^(https?:|blob:|#|\/|[a-z0-9-]+\.)/i);
      if (link.target === '_blank') expect(link.rel).toBe('noopener noreferrer');
    }
  });
});

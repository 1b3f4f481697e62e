import { runInNewContext } from 'node:vm';
import { Marked } from 'marked';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { PATH_ALIASES } from '~/scripts/path-aliases.mjs';
import { extractHtml } from '../../src/agent-worker/toolkit/web/pages/extract/extract-html.ts';
import type { ExtractedPage } from '../../src/agent-worker/toolkit/web/pages/extracted-page.ts';
import { orderByFocus } from '../../src/agent-worker/toolkit/web/pages/focus-sections.ts';
import { pageFromReaderReply } from '../../src/agent-worker/toolkit/web/pages/reader-markdown.ts';
import { PAGE_URLS, readPageFixture } from '../fixtures/web/page-routes.ts';
import {
  findRenderedDanger,
  HOSTILE_INJECTION,
  HOSTILE_VISIBLE_TEXT,
  hostilePageHtml,
  XSS_PAYLOADS,
} from '../fixtures/web/xss-corpus.ts';

/**
 * The page extractor over the fixture pages, in Node (linkedom needs no DOM; the same
 * module runs in the worker): what a reader would keep, what a reader would not want,
 * and nothing a renderer could run. Also the Jina Reader replies and focus ordering.
 */

const marked = new Marked({ gfm: true, async: false });
const render = (markdown: string) => marked.parse(markdown) as string;

/** Every link and image target in markdown (inline form; an escaped `\](` is text). */
function targetsOf(markdown: string): string[] {
  return [...markdown.matchAll(/(?<!\\)\]\(([^)\s]*)/g)].map((match) => match[1]!);
}

/** Checks every fixture page shares: nothing runnable, no script or style text, absolute http(s) links. */
function expectCleanPage(page: ExtractedPage) {
  expect(findRenderedDanger(render(page.markdown))).toBeNull();
  expect(page.markdown).not.toMatch(/<script|<style|<iframe/i);
  expect(page.markdown).not.toMatch(/dataLayer|gtag\(|fbq\(|googletag|function\s*\(|\{\s*position:\s*fixed/);
  for (const target of targetsOf(page.markdown)) expect(target).toMatch(/^https?:\/\//);
  expect(page.wordCount).toBeGreaterThan(100);
}

describe('extractHtml on fixture pages', () => {
  it('reads the news article: title, metadata, headings, figure, links; no furniture, newsletter or comments', async () => {
    const page = await extractHtml(readPageFixture('news-article'), PAGE_URLS.news);
    expect(page).toMatchObject({
      title: 'Harbour bridge to close for six weeks of repairs',
      byline: 'Priya Raman',
      siteName: 'The Coastal Courier',
      published: '2026-11-18T07:30:00+00:00',
      lang: 'en-GB',
    });
    expectCleanPage(page);
    const { markdown } = page;
    expect(markdown).toContain('The Harbour Bridge will close to all motor traffic from 5 January');
    expect(markdown).toContain('## Why the repairs cannot wait');
    expect(markdown).toContain('### Cost and funding');
    expect(markdown).toContain('- A free shuttle bus from Eastmoor park-and-ride to the north quay.');
    expect(markdown).toContain('> We would rather close the bridge on our own timetable');
    expect(markdown).toContain(
      '![The Harbour Bridge at dusk, seen from the north quay](https://news.example/images/2026/11/harbour-bridge-wide.jpg)',
    );
    expect(markdown).toContain(
      '[inspection report](https://news.example/documents/harbour-bridge-inspection-2026.pdf)',
    );
    expect(markdown).toContain('(https://news.example/2026/06/harbour-bridge-weight-limit.html)');
    for (const boilerplate of [
      'Subscribe from £1',
      'Search the Courier',
      'Morning Tide',
      'Sign me up',
      'harbourwatcher',
      'Lifeboat crew rescue',
      'Share on Facebook',
      'Privacy policy',
      'Skip to content',
      'Most read',
    ]) {
      expect(markdown).not.toContain(boilerplate);
    }
  });

  it('reads the docs page: its h1 as title, code blocks with languages, a table, links against <base href>; no sidebar, TOC or footer', async () => {
    const page = await extractHtml(readPageFixture('docs-page'), PAGE_URLS.docs);
    expect(page).toMatchObject({ title: 'Getting started', siteName: 'Tidewater', lang: 'en' });
    expectCleanPage(page);
    const { markdown } = page;
    expect(markdown).toContain('```bash\nnpm install --global tidewater\ntidewater --version\n```');
    expect(markdown).toContain('filter((row) => Number(row.height) > 4.5),');
    for (const heading of [
      '## Installation',
      '## Your first pipeline',
      '### Step options',
      '### Troubleshooting',
    ]) {
      expect(markdown).toContain(heading);
    }
    expect(markdown).toMatch(/\| retries +\| number +\| 0 +\| How often a failing step is retried\. \|/);
    expect(markdown).toContain('[troubleshooting guide](https://docs.example/guide/troubleshooting)');
    expect(markdown).toContain('(https://docs.example/reference/steps#readcsv)');
    for (const boilerplate of [
      'Plugin authoring',
      'Migrating from version 2',
      'On this page',
      'Toggle dark mode',
      'MIT Licence',
      'Previous: Introduction',
      'localStorage',
    ]) {
      expect(markdown).not.toContain(boilerplate);
    }
  });

  it('reads the statistics page: every data table as a GFM table with its caption and cells, not the layout table', async () => {
    const page = await extractHtml(readPageFixture('table-heavy'), PAGE_URLS.tables);
    expect(page.title).toBe('Port statistics 2025');
    expectCleanPage(page);
    const { markdown } = page;
    expect(markdown).toContain('**Table 1: Vessel arrivals by port, 2024 and 2025**\n\n| Port ');
    expect(markdown).toMatch(/\| Northhaven +\| 7,412 +\| 7,288 +\| -1\.7% \|/);
    expect(markdown).toMatch(/\| All ports +\| 18,368 r \| 18,204 \| -0\.9% \|/);
    expect(markdown).toMatch(/\| Containers +\| 8\.7 +\| 9\.4 +\| 10\.6 \|/);
    expect(markdown).toMatch(/\| Cruise +\| 268 +\| 226 +\| 84% +\|/);
    const html = render(markdown);
    expect(html.match(/<table>/g)).toHaveLength(3);
    expect(html).toContain('<td>Northhaven</td>');
    expect(html).toContain('<th>Share of 2019</th>');
    for (const boilerplate of [
      'Fisheries landings',
      'About the office',
      'Crown copyright',
      'Accessibility statement',
    ]) {
      expect(markdown).not.toContain(boilerplate);
    }
  });

  it('finds the short story in the cluttered page; no trackers, analytics, cookie banner, popup, ads or share widgets', async () => {
    const page = await extractHtml(readPageFixture('cluttered'), PAGE_URLS.cluttered);
    expect(page).toMatchObject({
      title: 'Town council votes to keep the lighthouse lit',
      byline: 'Jordan Morales',
      published: '2026-11-20T16:05:00-05:00',
    });
    expect(findRenderedDanger(render(page.markdown))).toBeNull();
    const { markdown } = page;
    expect(markdown).toContain('The Bayside town council voted 5–2 on Thursday night');
    expect(markdown).toContain('The application is due in February.');
    for (const clutter of [
      'cookies',
      'Accept all',
      'Advertisement',
      'mattress',
      'Bayside Briefing',
      'Subscribe now',
      'Share on Facebook',
      'Tweet this',
      'Sponsored',
      'weird trick',
      'Trending now',
      'Follow us',
      'enable JavaScript',
      'pixel',
      'scorecardresearch',
      'facebook.com/tr',
      'gtag',
      'fbq',
      'chartbeat',
      'E-Edition',
    ]) {
      expect(markdown).not.toContain(clutter);
    }
    expect(targetsOf(markdown)).toEqual([]);
  });

  it('falls back to the body without its furniture when the content picker finds nothing (it drops "copyright" blocks)', async () => {
    const html = `<!doctype html><title>Re-using our content</title><body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
      <div class="copyright-statement"><h1>Re-using our content</h1><p>You may copy and adapt the text of this site for any
      purpose, including commercial ones, provided that you credit the Harbour Statistics Office and link to the page you
      copied from. Photographs are excluded unless their caption says otherwise; ask the <a href="/press">press office</a>.</p></div>
      <footer>© Harbour Statistics Office · <a href="/privacy">Privacy</a></footer></body>`;
    const page = await extractHtml(html, 'https://tables.example/reuse');
    expect(page.title).toBe('Re-using our content');
    expect(page.markdown).toContain('You may copy and adapt the text of this site for any purpose');
    expect(page.markdown).toContain('[press office](https://tables.example/press)');
    expect(page.markdown).not.toMatch(/Home|Shop|Privacy|©/);
    const allFooter = await extractHtml(
      `<title>T</title><body><footer><p>${'Only words in a footer. '.repeat(5)}</p></footer></body>`,
      'https://t.example/',
    );
    expect(allFooter.markdown).toContain('Only words in a footer.');
  });

  it('reads a page that leaves out <html>, <head> and <body>, as HTML allows', async () => {
    const html =
      '<!doctype html><title>My site</title><main><h1>Welcome</h1><p>Built by the agent, for the harbour.</p></main>';
    const page = await extractHtml(html, 'file:///home/ubuntu/site/index.html');
    expect(page.title).toBe('My site');
    expect(page.markdown).toContain('Welcome');
    expect(page.markdown).toContain('Built by the agent, for the harbour.');
  });

  it('bundles for the browser and runs with no DOM and no Node globals, as in the worker', async () => {
    const entry = new URL('../../src/agent-worker/toolkit/web/pages/extract/extract-html.ts', import.meta.url)
      .pathname;
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: PATH_ALIASES },
      build: { write: false, target: 'es2022', lib: { entry, formats: ['iife'], name: 'PageExtractor' } },
    });
    const [result] = [output].flat() as Rolldown.RolldownOutput[];
    const bundle = result!.output[0].code;
    // A worker's globals, roughly: no document, window, DOMParser, process or Buffer.
    const scope: Record<string, unknown> = { URL, TextEncoder, TextDecoder, atob, btoa, console };
    runInNewContext(`${bundle}\nthis.PageExtractor = PageExtractor;`, scope);
    const { extractHtml: bundled } = scope.PageExtractor as { extractHtml: typeof extractHtml };
    const page = await bundled(readPageFixture('table-heavy'), PAGE_URLS.tables);
    expect(page.title).toBe('Port statistics 2025');
    expect(page.markdown).toMatch(/\| Northhaven +\| 7,412 +\|/);
    expect(scope).not.toHaveProperty('process');
  }, 60_000);
});

describe('extractHtml on the hostile page', () => {
  it('keeps nothing runnable: no script, no event attributes, no javascript:/data: links, rendered or raw', async () => {
    const page = await extractHtml(hostilePageHtml(), PAGE_URLS.hostile);
    expect(findRenderedDanger(render(page.markdown))).toBeNull();
    expect(page.markdown).not.toMatch(/<[a-z!/?]/i);
    // The page's text spells markdown links out; the converter escapes them (`\[x\](javascript:…)`).
    expect(page.markdown).toContain('\\[Markdown link\\](javascript:');
    expect(page.markdown).not.toMatch(/(?<!\\)\]\(\s*<?\s*(?:javascript|data|vbscript)/i);
    for (const target of targetsOf(page.markdown)) expect(target).toMatch(/^https:\/\/hostile\.example\//);
  });

  it('keeps its visible words as text, the prompt injection included (the model is told it is page content)', async () => {
    const page = await extractHtml(hostilePageHtml(), PAGE_URLS.hostile);
    expect(page.title).toBe(HOSTILE_VISIBLE_TEXT[0]);
    expect(page.markdown).toContain(HOSTILE_VISIBLE_TEXT[1]);
    expect(page.markdown).toContain(HOSTILE_INJECTION);
    for (const text of [
      'Plain javascript link',
      'Mixed case link',
      'Hex entity link',
      'Data link',
      'CSS expression',
    ]) {
      expect(page.markdown).toContain(text);
    }
  });

  it('reads a page of 5,000 nested elements (the picker overflowed its stack after minutes)', async () => {
    const nested = `${'<div><span>'.repeat(2_500)}<p>Deep words survive.</p>${'</span></div>'.repeat(2_500)}`;
    const page = await extractHtml(`<title>Nested</title><body>${nested}</body>`, PAGE_URLS.hostile);
    expect(page.markdown).toContain('Deep words survive.');
  });

  it('renders each payload harmless on its own page', async () => {
    for (const payload of XSS_PAYLOADS) {
      const page = await extractHtml(
        `<title>P</title><article><p>Before.</p>${payload}<p>After.</p></article>`,
        PAGE_URLS.hostile,
      );
      expect(findRenderedDanger(render(page.markdown)), payload).toBeNull();
    }
  });
});

describe('Jina Reader replies', () => {
  const content = [
    'Harbour bridge to close for six weeks of repairs',
    '===============',
    '',
    'The Harbour Bridge will close to all motor traffic from 5 January for six weeks.',
    '',
    'Why the repairs cannot wait',
    '---------------------------',
    '',
    'Six of the twelve bearings had seized ([inspection report](https://news.example/documents/report.pdf)).',
    '[Share](javascript:share()) ![Image 1: The bridge](https://news.example/images/bridge.jpg)',
    '<img src=x onerror=alert(1)>',
  ].join('\n');
  const json = JSON.stringify({
    code: 200,
    status: 20000,
    data: {
      title: 'Harbour bridge to close for six weeks of repairs',
      description: 'The Harbour Bridge will shut to traffic from 5 January.',
      url: PAGE_URLS.news,
      content,
      publishedTime: 'Wed, 18 Nov 2026 07:30:00 GMT',
      usage: { tokens: 120 },
    },
  });
  const text = `Title: Harbour bridge to close for six weeks of repairs\n\nURL Source: ${PAGE_URLS.news}\n\nPublished Time: Wed, 18 Nov 2026 07:30:00 GMT\n\nMarkdown Content:\n${content}\n`;

  it('reads the JSON reply and the plain-text reply to the same page, links neutralised', () => {
    const fromJson = pageFromReaderReply(json, 'application/json; charset=utf-8', PAGE_URLS.news);
    const fromText = pageFromReaderReply(text, 'text/plain; charset=utf-8', PAGE_URLS.news);
    expect(fromText).toEqual(fromJson);
    expect(fromJson).toMatchObject({
      title: 'Harbour bridge to close for six weeks of repairs',
      published: '2026-11-18T07:30:00.000Z',
    });
    expect(fromJson.markdown).toContain('[inspection report](https://news.example/documents/report.pdf)');
    expect(fromJson.markdown).toContain(
      'Share ![Image 1: The bridge](https://news.example/images/bridge.jpg)',
    );
    expect(fromJson.markdown).not.toContain('javascript:');
    expect(findRenderedDanger(render(fromJson.markdown))).toBeNull();
    expect(render(fromJson.markdown)).toContain('<h2>Why the repairs cannot wait</h2>');
  });
});

describe('orderByFocus on a fixture page', () => {
  it('puts the docs page’s sections about configuration options first and loses nothing', async () => {
    const page = await extractHtml(readPageFixture('docs-page'), PAGE_URLS.docs);
    const ordered = orderByFocus(page.markdown, 'configuration options');
    const headings = ordered.split('\n').filter((line) => /^#{2,3} /.test(line));
    expect(headings.slice(0, 2)).toEqual(['### Step options', '## Next steps']);
    expect(ordered.startsWith('Tidewater is a small tool')).toBe(true);
    expect(ordered.split('\n').filter(Boolean).sort()).toEqual(
      page.markdown.split('\n').filter(Boolean).sort(),
    );
  });
});

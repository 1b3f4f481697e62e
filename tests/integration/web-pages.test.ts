import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NO_PREVIEW_BROWSER,
  unavailableLivePreviews,
} from '../../src/agent-worker/toolkit/ports/live-previews.ts';
import type { LivePreviewsPort } from '../../src/agent-worker/toolkit/ports/live-previews-port.ts';
import { createPreviews } from '../../src/agent-worker/toolkit/ports/previews.ts';
import { SecretVault } from '../../src/agent-worker/toolkit/ports/secret-vault.ts';
import { PageError, type PageRequest } from '../../src/agent-worker/toolkit/ports/web-port.ts';
import { createPageService } from '../../src/agent-worker/toolkit/web/browse/page-service.ts';
import { ServiceQueues } from '../../src/agent-worker/toolkit/web/rate-limits.ts';
import { WebNetworks } from '../../src/agent-worker/toolkit/web/web-networks.ts';
import type { ToolProgress } from '../../src/shared/protocol/ports/progress-port.ts';
import { DEFAULT_WEB_SETTINGS, type WebSettings } from '../../src/shared/protocol/web/web-settings.ts';
import { FakeNotesBrowser, NOTES_APP_ERROR } from '../fixtures/preview-browser.ts';
import { memoryWorkspace } from '../fixtures/web/memory-workspace.ts';
import { pageRoutes } from '../fixtures/web/page-routes.ts';
import { relayRoutes } from '../fixtures/web/relay-routes.ts';
import { PROXY_TEMPLATE } from '../fixtures/web/search-api-routes.ts';
import { FIXED_NOW } from '../fixtures/web/search-provider-context.ts';
import { fixtureFetch, startWebFixtures, type WebFixtureServer } from '../fixtures/web/web-fixture-server.ts';

/**
 * The pages port over the real fetch network and extractor, against fixture sites (with
 * and without CORS) and fixture relays: which way a page is read, what is saved, and what
 * a person is told when no way works.
 */

const APP = 'https://app.example/';
const NEWS = 'https://news.example/2026/11/harbour-bridge.html';
const DOCS = 'https://docs.example/guide/getting-started';

let server: WebFixtureServer;
beforeAll(async () => {
  const sites = pageRoutes();
  server = await startWebFixtures([...sites, ...relayRoutes(sites)]);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function pages(
  options: {
    web?: Partial<WebSettings>;
    keys?: Record<string, string>;
    files?: Record<string, string>;
    livePreviews?: LivePreviewsPort;
  } = {},
) {
  const web = { ...DEFAULT_WEB_SETTINGS, ...options.web };
  const workspace = memoryWorkspace(options.files);
  const progress: ToolProgress[] = [];
  const service = createPageService({
    conversationId: 'c1',
    appBaseUrl: APP,
    web,
    networks: new WebNetworks(web, fixtureFetch(server)),
    secrets: new SecretVault(options.keys ?? {}),
    queues: new ServiceQueues(),
    clock: { now: () => FIXED_NOW, sleep: async () => undefined },
    progress: { output: () => undefined, status: (update) => progress.push({ kind: 'status', ...update }) },
    workspace,
    previews: createPreviews({
      conversationId: 'c1',
      appBaseUrl: APP,
      openSandbox: () => Promise.reject(new Error('no sandbox')),
    }),
    livePreviews: options.livePreviews ?? unavailableLivePreviews(),
  });
  const open = (url: string, extra: Partial<PageRequest> = {}) =>
    service.open({ url, intent: 'navigational', focus: null, ...extra }, new AbortController().signal);
  return { open, workspace, progress };
}

const hostsAsked = () => server.requests.map((request) => request.host);

describe('reading a page', () => {
  it('reads a site that allows CORS directly, and saves its readable content as markdown', async () => {
    const { open, workspace } = pages();
    const page = await open(DOCS);
    expect(page.via).toBe('direct');
    expect(page.attempts).toEqual([]);
    expect(hostsAsked()).toEqual(['docs.example']);
    expect(page.path).toBe('/home/ubuntu/pages/docs.example-guide-getting-started.md');
    const saved = workspace.text(page.path) ?? '';
    expect(saved.startsWith(`# ${page.title}\n`)).toBe(true);
    expect(saved).toContain(`- Source: <${DOCS}>`);
    expect(saved).toContain('(direct)');
    expect(page.wordCount).toBeGreaterThan(100);
    expect(saved).not.toMatch(/<script|function\s*\(|gtag\(/i);
  });

  it('reads a site without CORS through Jina Reader, saying why the direct read failed', async () => {
    const { open, workspace, progress } = pages();
    const page = await open(NEWS);
    expect(page.via).toBe('jina_reader');
    expect(page.attempts).toEqual([
      { via: 'direct', reason: 'it refused a request from this page (CORS) or could not be reached' },
    ]);
    expect(hostsAsked()).toEqual(['news.example', 'r.jina.ai']);
    expect(server.requests[1]?.path).toBe(`/${NEWS}`);
    expect(server.requests[1]?.headers.accept).toBe('application/json');
    expect(workspace.text(page.path)).toContain('(jina_reader)');
    expect(progress.map((update) => update.text)).toEqual([
      'Reading news.example through the site itself',
      'Reading news.example through Jina Reader',
    ]);
  });

  it('uses the CORS proxy when Jina Reader is switched off, and Tavily when there is only a Tavily key', async () => {
    const proxied = await pages({
      web: { disabledServices: ['jina_reader'], corsProxyTemplate: PROXY_TEMPLATE },
    }).open(NEWS);
    expect(proxied.via).toBe('cors_proxy');
    expect(proxied.finalUrl).toBe(NEWS);
    expect(hostsAsked()).toEqual(['news.example', 'proxy.example']);

    server.requests.length = 0;
    const extracted = await pages({
      web: { disabledServices: ['jina_reader'] },
      keys: { tavily: 'tvly-k' },
    }).open(NEWS);
    expect(extracted.via).toBe('tavily');
    expect(hostsAsked()).toEqual(['news.example', 'api.tavily.com']);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer tvly-k');
  });

  it('refuses a page no way can read, listing each way and how to set one up', async () => {
    const { open } = pages({ web: { disabledServices: ['jina_reader'] } });
    const error = await open(NEWS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageError);
    expect((error as Error).message).toBe(
      [
        `Could not open ${NEWS}:`,
        '- the site itself: it refused a request from this page (CORS) or could not be reached',
        '- Jina Reader: Jina Reader (r.jina.ai) is switched off (Settings → Search)',
        '- your CORS proxy: no CORS proxy is set (Settings → Search)',
        '- Tavily: no Tavily key is set (Settings → Search)',
        'Most sites refuse requests from a web page. To read them, switch on Jina Reader, set a CORS proxy, or add a Tavily key in Settings → Search.',
      ].join('\n'),
    );
    expect(hostsAsked()).toEqual(['news.example']);
  });

  it('goes on past a relay that fails, saying what it answered', async () => {
    const restore = server.override({
      host: 'r.jina.ai',
      path: /^\//,
      reply: () => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: null,
          code: 451,
          name: 'SecurityCompromiseError',
          status: 45102,
          message: 'Domain news.example blocked',
        }),
      }),
    });
    try {
      const page = await pages({ web: { corsProxyTemplate: PROXY_TEMPLATE } }).open(NEWS);
      expect(page.via).toBe('cors_proxy');
      expect(page.attempts.map((attempt) => attempt.via)).toEqual(['direct', 'jina_reader']);
      expect(page.attempts[1]?.reason).toContain('Domain news.example blocked');
    } finally {
      restore();
    }
  });

  it('stops at a page the site says does not exist, without asking any relay', async () => {
    const { open } = pages();
    const error = await open('https://docs.example/no/such/page').catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('docs.example answered 404');
    expect(hostsAsked()).toEqual(['docs.example']);
  });

  it('puts the sections about the focus first for an informational read, keeping every section', async () => {
    const { open } = pages();
    const plain = await open(DOCS);
    const headings = (markdown: string) => markdown.match(/^#{2,3} .+$/gm) ?? [];
    const focused = await open(DOCS, { intent: 'informational', focus: 'troubleshooting' });
    const matching = headings(plain.markdown).filter((heading) => /troubleshoot/i.test(heading));
    expect(matching.length).toBeGreaterThan(0);
    expect(headings(focused.markdown)[0]).toBe(matching[0]);
    expect([...headings(focused.markdown)].sort()).toEqual([...headings(plain.markdown)].sort());
  });

  it('keeps a hostile page inert: no script, no javascript: links, its words kept as text', async () => {
    const { open, workspace } = pages();
    const page = await open('https://hostile.example/page');
    const saved = workspace.text(page.path) ?? '';
    expect(saved).not.toMatch(/<script/i);
    // Link syntax the page wrote as text stays escaped (`\[x\](javascript:…)`): no live link.
    expect(saved).not.toMatch(/(?<!\\)\]\(\s*(javascript|data|vbscript):/i);
    expect(saved).toContain('\\[Markdown link\\](javascript:');
    expect(saved.toLowerCase()).toContain('ignore your task');
  });
});

describe('workspace pages', () => {
  it('opens file://, /home/ubuntu and preview addresses from the workspace, with a live preview address', async () => {
    const html =
      '<!doctype html><title>My site</title><main><h1>Welcome</h1><p>Built by the agent.</p></main>';
    const { open } = pages({ files: { '/home/ubuntu/site/index.html': html } });
    for (const url of [
      'file:///home/ubuntu/site/index.html',
      '/home/ubuntu/site/',
      `${APP}preview/c1/site/index.html`,
    ]) {
      const page = await open(url);
      expect(page.via).toBe('workspace');
      expect(page.title).toBe('My site');
      expect(page.markdown).toContain('Built by the agent.');
      expect(page.finalUrl).toBe('file:///home/ubuntu/site/index.html');
      expect(page.liveUrl).toBe(`${APP}preview/c1/site/index.html`);
    }
    expect(server.requests).toEqual([]);
  });

  it('refuses another conversation’s preview and the app’s own pages', async () => {
    const { open } = pages();
    await expect(open(`${APP}preview/c2/x.html`)).rejects.toThrow('belongs to another conversation');
    await expect(open(`${APP}index.html`)).rejects.toThrow("one of Sandpiper's own pages");
  });
});

describe('workspace pages asked for live', () => {
  const html =
    '<!doctype html><title>Notes</title><main><p id="list">Loading…</p></main><script src="app.js"></script>';
  const files = { '/home/ubuntu/notes-app/index.html': html, '/home/ubuntu/notes-app/README.md': '# Notes' };
  const look = { live: { screenshot: false } };

  it('reads an HTML page as rendered in the agent’s browser, route kept, and saves the rendered text', async () => {
    const browser = new FakeNotesBrowser([NOTES_APP_ERROR]);
    const { open, workspace, progress } = pages({ files, livePreviews: browser.port() });
    const page = await open('file:///home/ubuntu/notes-app/#/all', look);
    expect(browser.calls).toEqual([
      { method: 'open', url: `${APP}preview/c1/notes-app/index.html#/all`, look: { screenshot: false } },
    ]);
    expect(page.live).toMatchObject({ state: { title: 'My notes', console: [NOTES_APP_ERROR] } });
    expect(page).toMatchObject({
      via: 'workspace',
      title: 'My notes',
      finalUrl: 'file:///home/ubuntu/notes-app/index.html',
    });
    expect(page.liveUrl).toBe(`${APP}preview/c1/notes-app/index.html#/all`);
    expect(page.markdown).toContain('No notes yet.');
    expect(page.markdown).not.toContain('Loading…');
    expect(workspace.text(page.path)).toContain('No notes yet.');
    expect(progress).toContainEqual({
      kind: 'status',
      text: "Loading /home/ubuntu/notes-app/index.html in the agent's browser",
    });
  });

  it('reads the file, saying why, when live previews are unavailable or the page cannot be loaded', async () => {
    const unavailable = await pages({ files }).open('/home/ubuntu/notes-app/index.html', look);
    expect(unavailable.live).toEqual({ notRendered: NO_PREVIEW_BROWSER });
    expect(unavailable.markdown).toContain('Loading…');
    const failing = pages({
      files,
      livePreviews: {
        unavailableReason: () => null,
        open: async () => ({ ok: false, reason: 'The page did not load.' }),
        act: async () => ({ ok: false, reason: 'No page.', state: null }),
      },
    });
    const failed = await failing.open('/home/ubuntu/notes-app/index.html', look);
    expect(failed.live).toEqual({ notRendered: 'The page did not load.' });
    expect(failed.liveUrl).toBe(`${APP}preview/c1/notes-app/index.html`);
  });

  it('loads nothing live for a file that is not HTML, a web page, or a request that does not ask', async () => {
    const browser = new FakeNotesBrowser();
    const { open } = pages({ files, livePreviews: browser.port() });
    expect((await open('/home/ubuntu/notes-app/README.md', look)).live).toBeUndefined();
    expect((await open(DOCS, look)).live).toBeUndefined();
    expect((await open('/home/ubuntu/notes-app/index.html')).live).toBeUndefined();
    expect(browser.calls).toEqual([]);
  });
});

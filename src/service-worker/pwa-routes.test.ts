import { describe, expect, it } from 'vitest';
import { parsePreviewUrl } from '../shared/pwa/preview-url.ts';
import { appShellNavigation } from './app-shell.ts';
import { ISOLATION_HEADERS, withIsolationHeaders } from './isolation-headers.ts';

describe('preview URLs', () => {
  const parse = (path: string, scope = '/') => parsePreviewUrl(new URL(path, 'https://app.example'), scope);

  it('map to a conversation and a workspace path, index.html for folders', () => {
    expect(parse('/preview/c1/site/app.js')).toEqual({ conversationId: 'c1', path: 'site/app.js' });
    expect(parse('/preview/c1/site/')).toEqual({ conversationId: 'c1', path: 'site/index.html' });
    expect(parse('/preview/c1')).toEqual({ conversationId: 'c1', path: 'index.html' });
    expect(parse('/preview/c%201/a%20b.html')).toEqual({ conversationId: 'c 1', path: 'a b.html' });
    expect(parse('/sub/dir/preview/c1/x.css', '/sub/dir/')).toEqual({ conversationId: 'c1', path: 'x.css' });
  });

  it('refuse anything that is not a preview or climbs out of the workspace', () => {
    expect(parse('/assets/app.js')).toBeNull();
    expect(parse('/preview/')).toBeNull();
    // URL parsing resolves dot segments, encoded or not, before the route sees the path.
    expect(parse('/preview/c1/%2e%2e/secret')).toEqual({ conversationId: 'secret', path: 'index.html' });
    expect(parse('/preview/c1/%2e%2e/%2e%2e/secret')).toBeNull();
    expect(parse('/preview/c1/a%2fb')).toBeNull();
    expect(parse('/preview/c1/%E0%A4%A')).toBeNull();
  });
});

describe('isolation headers', () => {
  it('are added to a same-origin response, keeping its status and headers', async () => {
    const original = new Response('hello', { status: 201, headers: { 'Content-Type': 'text/plain' } });
    const isolated = withIsolationHeaders(original);
    expect(isolated.status).toBe(201);
    expect(isolated.headers.get('Content-Type')).toBe('text/plain');
    for (const [name, value] of Object.entries(ISOLATION_HEADERS))
      expect(isolated.headers.get(name)).toBe(value);
    expect(await isolated.text()).toBe('hello');
  });

  it('leave error responses alone', () => {
    const failed = Response.error();
    expect(withIsolationHeaders(failed)).toBe(failed);
  });
});

describe('navigations to the app shell', () => {
  const shell = async () => new Response('<!doctype html><title>Sandpiper</title>', { status: 200 });

  it('serve the app to a top-level page, which no page may frame', async () => {
    const response = await appShellNavigation('document', shell);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toBe("frame-ancestors 'none'");
    expect(await response.text()).toContain('<title>Sandpiper</title>');
  });

  it('refuse a frame that navigates to the app (a live workspace page sent to `/` by its script)', async () => {
    for (const destination of ['iframe', 'frame', 'embed', 'object'] as const) {
      const response = await appShellNavigation(destination, shell);
      expect(response.status).toBe(403);
      expect(response.headers.get('Content-Security-Policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(await response.text()).toContain('Sandpiper does not open inside a frame.');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { ActionItem } from '../thread/thread-reducer.ts';
import { firstHttpUrl, isSandboxedPolicy, livePageUrl, pageReport, takeOverPageUrl } from './page-report.ts';

const APP = new URL('https://app.example/sandpiper/');

describe('pageReport', () => {
  it('reads the browser meta, with the saved page as a workspace path', () => {
    expect(
      pageReport({
        action_type: 'browser.open',
        tool: 'browser',
        url: 'https://example.org/a',
        final_url: 'https://example.org/b',
        title: 'Example',
        path: '/home/ubuntu/pages/example.md',
        via: 'jina_reader',
        word_count: 1200,
        attempts: [{ via: 'direct', reason: 'No CORS' }, { via: 'nowhere' }],
      }),
    ).toEqual({
      url: 'https://example.org/a',
      finalUrl: 'https://example.org/b',
      title: 'Example',
      markdownPath: 'pages/example.md',
      via: 'jina_reader',
      wordCount: 1200,
      liveUrl: null,
      attempts: [{ via: 'direct', reason: 'No CORS' }],
    });
  });

  it('falls back to the call for the address, and drops a final address equal to it', () => {
    const report = pageReport(
      { action_type: 'browser.open', tool: 'browser', final_url: 'https://x.org/', via: 'teleport' },
      { url: 'https://x.org/' },
    );
    expect(report).toMatchObject({ url: 'https://x.org/', finalUrl: null, via: null, markdownPath: null });
  });
});

describe('livePageUrl', () => {
  it('points a preview address at the open conversation, under the app', () => {
    expect(livePageUrl('https://app.example/sandpiper/preview/old/site/index.html', 'new id', APP)).toBe(
      'https://app.example/sandpiper/preview/new%20id/site/index.html',
    );
    expect(livePageUrl('/sandpiper/preview/old/site/', 'c1', APP)).toBe(
      'https://app.example/sandpiper/preview/c1/site/',
    );
  });

  it('refuses anything that is not one of this app’s preview addresses', () => {
    for (const url of [
      'https://evil.example/sandpiper/preview/c/index.html',
      'https://app.example/other/preview/c/index.html',
      'javascript:alert(1)',
      'https://app.example/sandpiper/preview/c/a%2F..%2F..%2Fother/x.html',
      'https://app.example/sandpiper/preview/c/%E0%A4%A',
    ]) {
      expect(livePageUrl(url, 'c1', APP)).toBeNull();
    }
  });
});

describe('take-over page', () => {
  const action = (seq: number, fields: Partial<ActionItem>): ActionItem =>
    ({
      kind: 'action',
      uuid: `u${seq}`,
      seq,
      metaKind: null,
      meta: { action_type: 'x', tool: 'x' },
      callArguments: {},
      modelImages: [],
      settledSeq: null,
      summary: null,
      question: null,
      content: '',
      ...fields,
    }) as ActionItem;

  it('opens the latest browser action’s page before the question', () => {
    const ask = action(5, { question: 'Log in at https://other.example/login please' });
    const actions = [
      action(1, {
        metaKind: 'browser',
        meta: { action_type: 'browser', tool: 'b', url: 'https://a.example/' },
      }),
      action(3, {
        metaKind: 'browser',
        meta: {
          action_type: 'browser',
          tool: 'b',
          url: 'https://b.example/',
          final_url: 'https://b.example/login',
        },
      }),
      ask,
      action(7, {
        metaKind: 'browser',
        meta: { action_type: 'browser', tool: 'b', url: 'https://later.example/' },
      }),
    ];
    expect(takeOverPageUrl(actions, ask)).toBe('https://b.example/login');
  });

  it('skips browser actions without an http(s) address, then reads the question', () => {
    const ask = action(5, { question: 'Please sign in at <https://site.example/login>, then tell me.' });
    const actions = [
      action(1, {
        metaKind: 'browser',
        meta: { action_type: 'browser', tool: 'b', url: 'javascript:alert(1)' },
      }),
      ask,
    ];
    expect(takeOverPageUrl(actions, ask)).toBe('https://site.example/login');
    const workspacePage = action(2, {
      metaKind: 'browser',
      meta: { action_type: 'browser', tool: 'b', url: 'http://localhost:3000/', via: 'workspace' },
    });
    expect(takeOverPageUrl([workspacePage, ask], ask)).toBe('https://site.example/login');
    expect(takeOverPageUrl([ask], action(5, { question: 'Solve the CAPTCHA.' }))).toBeNull();
  });

  it('finds the first http(s) address in text, without trailing punctuation', () => {
    expect(firstHttpUrl('see (https://a.example/x). and http://b.example')).toBe('https://a.example/x');
    expect(firstHttpUrl('javascript:alert(1) ftp://x.example')).toBeNull();
  });
});

describe('isSandboxedPolicy', () => {
  it('accepts a sandbox directive without allow-same-origin, and nothing else', () => {
    expect(isSandboxedPolicy('sandbox allow-scripts allow-forms allow-popups allow-modals')).toBe(true);
    expect(isSandboxedPolicy("default-src 'self'; SANDBOX allow-scripts")).toBe(true);
    expect(isSandboxedPolicy('sandbox')).toBe(true);
    expect(isSandboxedPolicy('sandbox allow-scripts allow-same-origin')).toBe(false);
    expect(isSandboxedPolicy("default-src 'self'")).toBe(false);
    expect(isSandboxedPolicy('')).toBe(false);
    expect(isSandboxedPolicy(null)).toBe(false);
  });
});

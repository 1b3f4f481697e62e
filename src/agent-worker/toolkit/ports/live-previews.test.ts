import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewBrowserHostPort } from '@/shared/protocol/preview-browser.ts';
import { FakeNotesBrowser, pageState, SCREENSHOT_PNG } from '~/tests/fixtures/preview-browser.ts';
import {
  createLivePreviews,
  LIVE_PREVIEW_TIMEOUT_MS,
  NO_PREVIEW_BROWSER,
  PreviewBrowserLink,
} from './live-previews.ts';

const APP = 'https://app.example/sandpiper/';
const LOOK = { screenshot: false };
const running = () => new AbortController().signal;

/** A live-previews port for conversation `c` over `host` (none: not connected). */
function port(host?: PreviewBrowserHostPort) {
  const link = new PreviewBrowserLink();
  if (host) link.connect(host);
  return { link, live: createLivePreviews({ conversationId: 'c', appBaseUrl: APP, link }) };
}

/** A host whose every call answers `reply` (or never, for `'never'`), recording the calls. */
function answering(reply: unknown | 'never') {
  const calls: unknown[][] = [];
  const answer = (...args: unknown[]) => {
    calls.push(args);
    return reply === 'never' ? new Promise<never>(() => undefined) : Promise.resolve(reply);
  };
  const host = { open: answer, act: answer, close: async () => undefined } as PreviewBrowserHostPort;
  return { host, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live-previews port', () => {
  it('says why it is unavailable until a page connects its browser, and serves a run that started before', async () => {
    const { link, live } = port();
    expect(live.unavailableReason()).toBe(NO_PREVIEW_BROWSER);
    expect(await live.open(`${APP}preview/c/index.html`, LOOK, running())).toEqual({
      ok: false,
      reason: NO_PREVIEW_BROWSER,
    });
    const browser = new FakeNotesBrowser();
    link.connect(browser.host('c'));
    expect(live.unavailableReason()).toBeNull();
    expect(await live.open(`${APP}preview/c/index.html`, LOOK, running())).toMatchObject({
      ok: true,
      state: { title: 'My notes' },
    });
  });

  it('sends the conversation’s own pages as their preview address, query and fragment kept', async () => {
    const browser = new FakeNotesBrowser();
    const { live } = port(browser.host('c'));
    await live.open('file:///home/ubuntu/notes%20app/index.html#/list', LOOK, running());
    await live.open('/home/ubuntu/notes app/index.html', LOOK, running());
    await live.open(`${APP}preview/c/notes%20app/index.html?sort=old`, LOOK, running());
    await live.open('preview/c/site/', LOOK, running());
    expect(browser.calls.map((call) => call.method === 'open' && call.url)).toEqual([
      `${APP}preview/c/notes%20app/index.html#/list`,
      `${APP}preview/c/notes%20app/index.html`,
      `${APP}preview/c/notes%20app/index.html?sort=old`,
      `${APP}preview/c/site/`,
    ]);
  });

  it('refuses web pages, other conversations’ previews and the app’s own pages before asking the host', async () => {
    const { host, calls } = answering({ ok: true, state: pageState() });
    const { live } = port(host);
    const refusals = await Promise.all(
      [
        'https://example.com/',
        `${APP}preview/other/index.html`,
        `${APP}settings`,
        'file:///etc/passwd',
        'https://evil.example/sandpiper/preview/c/index.html',
      ].map((url) => live.open(url, LOOK, running())),
    );
    expect(refusals.map((result) => !result.ok && result.reason)).toEqual([
      expect.stringMatching(/^https:\/\/example\.com\/ is not one of this conversation's pages/),
      'That preview address belongs to another conversation.',
      expect.stringContaining("is one of Sandpiper's own pages"),
      '/etc/passwd is outside the workspace (/home/ubuntu).',
      expect.stringMatching(/is not one of this conversation's pages/),
    ]);
    expect(calls).toEqual([]);
  });

  it('passes the conversation, the action and the look to the host, and keeps the screenshot’s bytes', async () => {
    const browser = new FakeNotesBrowser();
    const { live } = port(browser.host('c'));
    await live.open(`${APP}preview/c/index.html`, { screenshot: true }, running());
    const typed = await live.act({ type: 'input', index: 0, text: 'milk' }, { screenshot: true }, running());
    expect(typed).toMatchObject({ ok: true, detail: 'Typed “milk” into the field “New note”' });
    expect(typed.state?.screenshot?.bytes).toEqual(SCREENSHOT_PNG);
    expect(typed.state?.elements[0]?.value).toBe('milk');
  });

  it('turns a reply that does not fit the schema into a failure that says what was wrong', async () => {
    const bad = { ok: true, state: { ...pageState(), console: [{ level: 'fatal', message: 'x', at: 0 }] } };
    const { live } = port(answering(bad).host);
    const opened = await live.open(`${APP}preview/c/index.html`, LOOK, running());
    expect(opened).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The agent's browser sent a reply that is not a page report \(/),
    });
    expect(!opened.ok && opened.reason).toContain('state.console.0.level');
    const acted = await live.act({ type: 'click', index: 0 }, LOOK, running());
    expect(acted).toMatchObject({ ok: false, state: null });
    const { live: odd } = port(answering('not an object').host);
    expect(await odd.act({ type: 'keys', keys: 'Enter' }, LOOK, running())).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a page report'),
      state: null,
    });
  });

  it('turns a host that throws into a failure in words', async () => {
    const host = {
      open: () => Promise.reject(new Error('the frame was removed')),
      act: () => Promise.reject(new Error('the frame was removed')),
      close: async () => undefined,
    };
    const { live } = port(host);
    expect(await live.open(`${APP}preview/c/index.html`, LOOK, running())).toEqual({
      ok: false,
      reason: "The agent's browser failed: the frame was removed",
    });
  });

  it(`gives up after ${LIVE_PREVIEW_TIMEOUT_MS / 1000} s, saying so`, async () => {
    vi.useFakeTimers();
    const { live } = port(answering('never').host);
    const waiting = live.act({ type: 'click', index: 1 }, LOOK, running());
    await vi.advanceTimersByTimeAsync(LIVE_PREVIEW_TIMEOUT_MS);
    expect(await waiting).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The agent's browser did not report the page within 30 s/),
      state: null,
    });
  });

  it('rejects with the stop’s reason when the run is stopped, before or while the host works', async () => {
    const { host, calls } = answering('never');
    const { live } = port(host);
    const stop = new AbortController();
    const waiting = live.open(`${APP}preview/c/index.html`, LOOK, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(live.act({ type: 'click', index: 1 }, LOOK, stop.signal)).rejects.toThrow('stopped');
    expect(calls).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookies } from './cookies.ts';

/** The DOM's Document, as far as `document.cookie` goes (the unit tests run in Node). */
class FakeDocument {}

describe('a preview page’s document.cookie', () => {
  beforeEach(() => vi.stubGlobal('Document', FakeDocument));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps cookies as a page sets them, with max-age and expires, and saves them', () => {
    let now = 1_000_000;
    const saved: string[] = [];
    installCookies(
      null,
      10_000,
      (data) => saved.push(data),
      () => now,
    );
    const document = new FakeDocument() as { cookie: string };
    document.cookie = 'theme=light; max-age=60; path=/';
    document.cookie = 'lang=en';
    document.cookie = `old=1; expires=${new Date(now - 1_000).toUTCString()}`;
    expect(document.cookie).toBe('theme=light; lang=en');
    now += 61_000;
    expect(document.cookie).toBe('lang=en');
    document.cookie = 'lang=; max-age=0';
    expect(document.cookie).toBe('');
    expect(saved).toHaveLength(4);
  });

  it('starts from the saved cookies', () => {
    installCookies('[["theme",{"value":"dark","expires":null}]]', 10_000, () => undefined);
    expect((new FakeDocument() as { cookie: string }).cookie).toBe('theme=dark');
  });
});

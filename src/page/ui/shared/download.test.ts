import { afterEach, expect, it, vi } from 'vitest';
import { DOWNLOAD_URL_LIFETIME_MS, downloadBytes } from './download.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('keeps the object URL alive after the click, for the browser to read the blob when it gets to it', () => {
  vi.useFakeTimers();
  const revoked: string[] = [];
  const clicked: { href: string; download: string }[] = [];
  vi.stubGlobal('URL', {
    createObjectURL: () => 'blob:test/1',
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  vi.stubGlobal('document', {
    createElement: () => {
      const link = {
        href: '',
        download: '',
        rel: '',
        style: {},
        click: () => clicked.push({ href: link.href, download: link.download }),
        remove: () => undefined,
      };
      return link;
    },
    body: { append: () => undefined },
  });
  downloadBytes(new Uint8Array([1, 2, 3]), 'deck.html', 'text/html');
  expect(clicked).toEqual([{ href: 'blob:test/1', download: 'deck.html' }]);
  // Revoked at once (the old `setTimeout(…, 0)`), a busy browser had no blob left to save.
  vi.advanceTimersByTime(1000);
  expect(revoked).toEqual([]);
  vi.advanceTimersByTime(DOWNLOAD_URL_LIFETIME_MS);
  expect(revoked).toEqual(['blob:test/1']);
});

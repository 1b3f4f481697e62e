import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, dataUrlOf, parseDataUrl } from './base64.ts';

describe('base64', () => {
  it('round-trips bytes larger than one chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(text)).toEqual(bytes);
  });

  it('refuses text that is not base64', () => {
    expect(base64ToBytes('not base64!')).toBeNull();
  });

  it('reads data URLs, with parameters, and refuses other URLs', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(parseDataUrl(dataUrlOf(bytes, 'image/png'))).toEqual({ mime: 'image/png', bytes });
    expect(parseDataUrl('data:image/webp;charset=x;base64,AQID')).toEqual({ mime: 'image/webp', bytes });
    expect(parseDataUrl('data:text/plain,hello')).toBeNull();
    expect(parseDataUrl('https://example.com/a.png')).toBeNull();
  });
});

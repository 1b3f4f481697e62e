import { describe, expect, it } from 'vitest';
import {
  freePastedName,
  isLongText,
  isPastedFileName,
  LONG_TEXT_BYTES,
  pastedFileName,
  textHead,
  utf8Length,
} from './long-text.ts';

const encoded = (text: string) => new TextEncoder().encode(text).byteLength;

describe('long text', () => {
  it('counts UTF-8 bytes as TextEncoder writes them, a lone surrogate as U+FFFD', () => {
    for (const text of [
      '',
      'plain',
      'café',
      'Grüße, Καλημέρα',
      '日本語のテキスト',
      'emoji 🐦‍⬛ 👍🏽',
      'lone \ud800 x',
      'end \udc00',
    ]) {
      expect(utf8Length(text)).toBe(encoded(text));
    }
  });

  it('is over 16 KB of UTF-8 from one byte past it, whatever the script', () => {
    expect(LONG_TEXT_BYTES).toBe(16_384);
    expect(isLongText('a'.repeat(16_384))).toBe(false);
    expect(isLongText('a'.repeat(16_385))).toBe(true);
    // 5,461 three-byte characters are 16,383 bytes; one more is 16,386.
    expect(isLongText('語'.repeat(5_461))).toBe(false);
    expect(isLongText('語'.repeat(5_462))).toBe(true);
    // 8,192 two-byte characters are exactly 16 KB; a final ASCII letter tips it over.
    expect(isLongText('é'.repeat(8_192))).toBe(false);
    expect(isLongText(`${'é'.repeat(8_192)}!`)).toBe(true);
    expect(isLongText('🐦'.repeat(4_096))).toBe(false);
    expect(isLongText('🐦'.repeat(4_097))).toBe(true);
  });

  it('judges megabytes by their length alone, at once', () => {
    const text = 'x'.repeat(5 * 1024 * 1024);
    const started = performance.now();
    for (let index = 0; index < 1_000; index += 1) isLongText(text);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('takes a text’s start by lines and characters, reading only that far', () => {
    expect(textHead('one\ntwo\nthree\nfour', 100, 2)).toBe('one\ntwo');
    expect(textHead('short', 100, 2)).toBe('short');
    expect(textHead('alpha beta gamma delta', 15, 10)).toBe('alpha beta');
    expect(textHead(`${'z'.repeat(9)}🐦`, 10, 10)).toBe('z'.repeat(9));
    const huge = `${'y'.repeat(5 * 1024 * 1024)}\nlast`;
    const started = performance.now();
    for (let index = 0; index < 1_000; index += 1) textHead(huge, 1_000, 12);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('names pastes pasted-1.txt, pasted-2.txt… and finds the first free one', () => {
    expect(pastedFileName(1)).toBe('pasted-1.txt');
    expect(isPastedFileName('pasted-12.txt')).toBe(true);
    for (const name of ['pasted-0.txt', 'pasted-01.txt', 'pasted-1.md', 'my pasted-1.txt', 'pasted-.txt']) {
      expect(isPastedFileName(name)).toBe(false);
    }
    expect(freePastedName(new Set())).toBe('pasted-1.txt');
    expect(freePastedName(new Set(['pasted-1.txt', 'pasted-2.txt', 'pasted-4.txt']))).toBe('pasted-3.txt');
  });
});

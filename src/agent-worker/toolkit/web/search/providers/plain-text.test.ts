import { describe, expect, it } from 'vitest';
import { decodeEntities, plainText } from './plain-text.ts';

describe('plainText', () => {
  it("drops Wikipedia's searchmatch spans and decodes entities", () => {
    expect(
      plainText(
        '<span class="searchmatch">Jupiter</span> is the fifth planet &amp; the largest&#8212;by far',
      ),
    ).toBe('Jupiter is the fifth planet & the largest—by far');
  });

  it('separates JATS paragraphs and keeps inline markup joined', () => {
    expect(
      plainText(
        '<jats:p>Coral <jats:italic>reefs</jats:italic> bleach.</jats:p><jats:p>Heat&#x2013;waves</jats:p>',
      ),
    ).toBe('Coral reefs bleach. Heat–waves');
  });

  it('keeps escaped markup as visible text and leaves unknown entities alone', () => {
    expect(plainText('use &lt;b&gt; for bold &notanentity; ok')).toBe('use <b> for bold &notanentity; ok');
  });

  it('returns an empty string for nothing', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(undefined)).toBe('');
    expect(plainText('  <br/>  ')).toBe('');
  });

  it('stays fast on hostile input', () => {
    const hostile = `${'<'.repeat(50_000)}${'&#'.repeat(50_000)}`;
    const started = performance.now();
    plainText(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('decodeEntities', () => {
  it('refuses code points outside Unicode', () => {
    expect(decodeEntities('&#x110000; &#55296; &#65;')).toBe('&#x110000; &#55296; A');
  });
});

import { describe, expect, it } from 'vitest';
import { countWords, firstHeading, isoDate, oneLine } from './page-text.ts';

describe('page text', () => {
  it('counts words as a reader does: no link targets, no markup, CJK characters one by one', () => {
    expect(countWords('## Tides\n\nRead [the table](https://a.example/very/long/path) now.')).toBe(5);
    expect(countWords('![a cat](https://a.example/cat.png) &lt;b&gt; — it’s 4.5 m')).toBe(6);
    expect(countWords('潮汐表 tide')).toBe(4);
  });

  it('keeps ISO dates as written and turns other dates into ISO', () => {
    expect(isoDate('2026-11-18T07:30:00+00:00')).toBe('2026-11-18T07:30:00+00:00');
    expect(isoDate('2026-11-18')).toBe('2026-11-18');
    expect(isoDate('Wed, 18 Nov 2026 07:30:00 GMT')).toBe('2026-11-18T07:30:00.000Z');
    expect(isoDate('last Tuesday')).toBeUndefined();
    expect(isoDate('  ')).toBeUndefined();
  });

  it('makes one short line of a field', () => {
    expect(oneLine(' A\n\ttitle\u0000 ')).toBe('A title');
    expect(oneLine('x'.repeat(400), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('finds the first heading, ATX or setext, without its markup', () => {
    expect(firstHeading('intro\n\n## The [port](https://a.example) *tables* ##\n')).toBe('The port tables');
    expect(firstHeading('Tide tables\n===\n\ntext')).toBe('Tide tables');
    expect(firstHeading('no heading here')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { comparableUrl, filterByDate, mergeHits } from './merge-hits.ts';

const hit = (url: string, title = url, snippet = '', date?: string) => ({
  url,
  title,
  snippet,
  ...(date ? { date } : {}),
});

describe('merging search results', () => {
  it('treats tracking parameters, www, fragments, trailing slashes and the scheme as the same page', () => {
    expect(comparableUrl('https://www.Example.com/a/?utm_source=x&b=2#top')).toBe(
      comparableUrl('http://example.com/a?b=2'),
    );
    expect(comparableUrl('https://example.com/a?b=2')).not.toBe(comparableUrl('https://example.com/a?b=3'));
  });

  it('keeps one entry per page at its best rank across queries and providers, with the fuller snippet', () => {
    const merged = mergeHits(
      [
        {
          providerId: 'wikipedia',
          hits: [hit('https://a.example/'), hit('https://b.example/', 'B', 'short')],
        },
        {
          providerId: 'wikipedia',
          hits: [hit('https://b.example', 'B again', 'a much longer snippet'), hit('https://c.example/')],
        },
        { providerId: 'crossref', hits: [hit('https://d.example/'), hit('javascript:alert(1)')] },
      ],
      10,
    );
    expect(merged.map((entry) => [entry.rank, entry.url, entry.source])).toEqual([
      [1, 'https://a.example/', 'wikipedia'],
      [2, 'https://b.example/', 'wikipedia'],
      [3, 'https://d.example/', 'crossref'],
      [4, 'https://c.example/', 'wikipedia'],
    ]);
    expect(merged[1]?.snippet).toBe('a much longer snippet');
    expect(merged[1]?.site).toBe('b.example');
  });

  it('filters on dates, keeping and counting undated results', () => {
    const cutoff = Date.parse('2026-11-01T00:00:00Z');
    const { kept, dropped, undated } = filterByDate(
      [
        hit('https://new.example', 'n', '', '2026-11-20'),
        hit('https://old.example', 'o', '', '2025-01-01'),
        hit('https://x.example'),
      ],
      cutoff,
    );
    expect(kept.map((entry) => entry.url)).toEqual(['https://new.example', 'https://x.example']);
    expect([dropped, undated]).toEqual([1, 1]);
  });
});

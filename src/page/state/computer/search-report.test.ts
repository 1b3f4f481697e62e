import { describe, expect, it } from 'vitest';
import { formatHitDate, httpUrl, providerTally, searchReport } from './search-report.ts';

const hit = (rank: number, title: string) => ({
  rank,
  title,
  url: `https://example.org/${rank}`,
  snippet: 'A snippet',
  source: 'wikipedia',
  site: 'example.org',
});

describe('searchReport', () => {
  it('reads results, providers, images and failed images, dropping only the malformed entries', () => {
    const report = searchReport({
      action_type: 'search.image',
      tool: 'search',
      provider: 'wikimedia_commons',
      summary: 'Three lighthouses',
      payload: {
        results: [hit(1, 'One'), { rank: 'two', title: 2 }, hit(3, 'Three')],
        providers: [
          { id: 'openverse', name: 'Openverse', status: 'failed', results: 0, reason: 'HTTP 429' },
          { id: 'x', status: 'answered' },
        ],
        queries: ['lighthouse', 7],
        time: 'past_week',
        failed_images: [{ url: 'https://example.org/a.jpg', title: 'A', reason: 'Too large' }, null],
      },
      images: [
        { path: '/home/ubuntu/images/a.png', thumb: '/home/ubuntu/images/a_thumb.png', width: 10, height: 8 },
        { path: 3 },
      ],
    });
    expect(report.type).toBe('image');
    expect(report.summary).toBe('Three lighthouses');
    expect(report.results.map((result) => result.title)).toEqual(['One', 'Three']);
    expect(report.providers).toHaveLength(1);
    expect(report.queries).toEqual(['lighthouse']);
    expect(report.time).toBe('past_week');
    expect(report.images).toHaveLength(1);
    expect(report.failedImages).toEqual([
      { url: 'https://example.org/a.jpg', title: 'A', reason: 'Too large' },
    ]);
  });

  it('takes the type and queries from the call while the action runs (no payload yet)', () => {
    const report = searchReport(
      { action_type: 'search', tool: 'search' },
      { type: 'news', queries: ['rust 2.0'], time: 'past_day' },
    );
    expect(report).toMatchObject({ type: 'news', queries: ['rust 2.0'], time: 'past_day', summary: null });
    expect(report.results).toEqual([]);
  });

  it('counts providers by outcome', () => {
    const outcome = (status: 'answered' | 'failed' | 'skipped') => ({
      id: 'a',
      name: 'A',
      status,
      results: 0,
    });
    expect(providerTally([outcome('answered'), outcome('skipped'), outcome('skipped')])).toEqual({
      answered: 1,
      failed: 0,
      skipped: 2,
    });
  });
});

describe('httpUrl', () => {
  it('keeps http(s) addresses and refuses every other scheme or malformed text', () => {
    expect(httpUrl(' https://example.org/a?b=1 ')).toBe('https://example.org/a?b=1');
    expect(httpUrl('http://example.org')).toBe('http://example.org/');
    for (const value of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' data:text/html,<script>x</script>',
      'vbscript:msgbox',
      '/relative/path',
      '//example.org/x',
      'not a url',
      42,
      undefined,
    ]) {
      expect(httpUrl(value)).toBeNull();
    }
  });
});

describe('formatHitDate', () => {
  it('formats ISO dates in UTC and leaves other text as it is', () => {
    expect(formatHitDate('2025-03-12')).toBe('12 Mar 2025');
    expect(formatHitDate('2025-03-12T23:30:00Z')).toBe('12 Mar 2025');
    expect(formatHitDate('last spring')).toBe('last spring');
    expect(formatHitDate('2025-99-99')).toBe('2025-99-99');
  });
});

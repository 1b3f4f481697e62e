import { describe, expect, it } from 'vitest';
import { abstractText } from './crossref.ts';
import { abstractFromInvertedIndex } from './openalex.ts';
import { openverseLicenseName } from './openverse.ts';
import { cutoffDay, dateFromParts, isoDate, retryAfterMs } from './provider-request.ts';
import { sparqlStringLiteral, wikidataPageUrl } from './wikidata.ts';
import { wikipediaArticleUrl } from './wikipedia.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('reply helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after': '30' }, NOW)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': 'Fri, 20 Nov 2026 12:01:00 GMT' }, NOW)).toBe(60_000);
    expect(retryAfterMs({ 'retry-after': 'soon' }, NOW)).toBeNull();
    expect(retryAfterMs({}, NOW)).toBeNull();
  });

  it('reads dates as ISO, zone-less times as UTC', () => {
    expect(isoDate('2026-11-19T08:30:00')).toBe('2026-11-19T08:30:00.000Z');
    expect(isoDate('2026-11-19')).toBe('2026-11-19T00:00:00.000Z');
    expect(isoDate('Thu, 19 Nov 2026 08:30:00 GMT')).toBe('2026-11-19T08:30:00.000Z');
    expect(isoDate('not a date')).toBeUndefined();
    expect(dateFromParts([2021, 3])).toBe('2021-03-01T00:00:00.000Z');
    expect(dateFromParts([null])).toBeUndefined();
  });

  it('gives the first day a time filter keeps', () => {
    expect(cutoffDay('all', NOW)).toBeNull();
    expect(cutoffDay('past_week', NOW)).toBe('2026-11-13');
    expect(cutoffDay('past_year', NOW)).toBe('2025-11-19');
  });
});

describe('provider specifics', () => {
  it('escapes hostile text inside a SPARQL string', () => {
    expect(sparqlStringLiteral('say "hi"')).toBe('"say \\"hi\\""');
    expect(sparqlStringLiteral('a\\u0022 } DROP\nALL')).toBe('"a u0022 } DROP ALL"');
    expect(sparqlStringLiteral('end\\')).toBe('"end "');
  });

  it('links Wikidata items and Wikipedia articles readably', () => {
    expect(wikidataPageUrl('http://www.wikidata.org/entity/Q319')).toBe('https://www.wikidata.org/wiki/Q319');
    expect(wikipediaArticleUrl('AC/DC')).toBe('https://en.wikipedia.org/wiki/AC/DC');
    expect(wikipediaArticleUrl('Help:Great Red Spot')).toBe(
      'https://en.wikipedia.org/wiki/Help:Great_Red_Spot',
    );
  });

  it('rebuilds an OpenAlex abstract in position order', () => {
    expect(abstractFromInvertedIndex({ reefs: [1, 4], Coral: [0], bleach: [2], and: [3] })).toBe(
      'Coral reefs bleach and reefs',
    );
    expect(abstractFromInvertedIndex({ far: [9_999_999], near: [0] })).toBe('near');
  });

  it('reads Crossref abstracts and Openverse licences as people write them', () => {
    expect(abstractText('<jats:title>Abstract</jats:title><jats:p>Reefs bleach.</jats:p>')).toBe(
      'Reefs bleach.',
    );
    expect(openverseLicenseName('by-sa', '2.0')).toBe('CC BY-SA 2.0');
    expect(openverseLicenseName('cc0', '1.0')).toBe('CC0 1.0');
  });
});

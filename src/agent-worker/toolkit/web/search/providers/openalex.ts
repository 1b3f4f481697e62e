import { z } from 'zod';
import type { ProviderHit, SearchProvider } from '../search-provider.ts';
import {
  authorList,
  cutoffDay,
  detailLine,
  fetchJson,
  isoDate,
  requireKey,
  withQuery,
} from './provider-request.ts';

const SERVICE = 'OpenAlex';
/** The most results a page may hold (`per_page`). */
const MOST_RESULTS = 200;

/** `GET /works`: `results` are works (the fields used). */
const OpenAlexReply = z.looseObject({
  results: z.array(
    z.looseObject({
      id: z.string(),
      doi: z.string().nullable().optional(),
      display_name: z.string().nullable().optional(),
      publication_date: z.string().nullable().optional(),
      publication_year: z.number().int().nullable().optional(),
      authorships: z
        .array(z.looseObject({ author: z.looseObject({ display_name: z.string().nullable().optional() }) }))
        .optional(),
      primary_location: z
        .looseObject({
          landing_page_url: z.string().nullable().optional(),
          source: z.looseObject({ display_name: z.string().nullable().optional() }).nullable().optional(),
        })
        .nullable()
        .optional(),
      abstract_inverted_index: z
        .record(z.string(), z.array(z.number().int().nonnegative()))
        .nullable()
        .optional(),
    }),
  ),
});

/** The most words an abstract is rebuilt to (an inverted index is hostile input too). */
const MOST_ABSTRACT_WORDS = 2000;

/** An abstract from OpenAlex's inverted index (`{word: [positions]}`), words in position order. */
export function abstractFromInvertedIndex(index: Record<string, number[]> | null | undefined): string {
  if (!index) return '';
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const position of positions) {
      if (position < MOST_ABSTRACT_WORDS) words[position] = word;
    }
  }
  return words.filter((word) => word !== undefined).join(' ');
}

/**
 * OpenAlex: an open catalogue of scholarly works, with a (free) key, which it has needed
 * since 2026. The time filter is its `from_publication_date`.
 */
export const openAlexProvider: SearchProvider = {
  id: 'openalex',
  types: ['research'],
  filtersTime: true,
  rateLimit: { requests: 100, perMs: 1000 },
  async search(query, context) {
    const key = requireKey(context, SERVICE);
    const fromDay = cutoffDay(query.time, context.now());
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://api.openalex.org/works', {
          search: query.text,
          per_page: Math.min(query.limit, MOST_RESULTS),
          filter: fromDay ? `from_publication_date:${fromDay}` : null,
          api_key: key,
        }),
      },
      OpenAlexReply,
    );
    const hits: ProviderHit[] = [];
    for (const work of reply.results) {
      const title = work.display_name?.trim();
      if (!title) continue;
      const date = isoDate(work.publication_date);
      const authors = (work.authorships ?? []).map((authorship) => authorship.author.display_name ?? '');
      const hit: ProviderHit = {
        title,
        url: work.doi ?? work.primary_location?.landing_page_url ?? work.id,
        snippet: abstractFromInvertedIndex(work.abstract_inverted_index),
      };
      if (date) hit.date = date;
      const detail = detailLine([
        authorList(authors),
        work.primary_location?.source?.display_name,
        work.publication_year ? String(work.publication_year) : null,
      ]);
      if (detail) hit.detail = detail;
      hits.push(hit);
    }
    return hits.slice(0, query.limit);
  },
};

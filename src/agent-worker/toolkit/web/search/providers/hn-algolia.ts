import { z } from 'zod';
import { type SearchProvider, timeCutoff } from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import { fetchJson, isoDate, withQuery } from './provider-request.ts';

const SERVICE = 'Hacker News';

/** `GET /api/v1/search` and `/search_by_date`: `hits` are items (stories here; `url` is null for Ask HN). */
const AlgoliaReply = z.looseObject({
  hits: z.array(
    z.looseObject({
      objectID: z.string(),
      title: z.string().nullable().optional(),
      url: z.string().nullable().optional(),
      points: z.number().nullable().optional(),
      num_comments: z.number().nullable().optional(),
      created_at: z.string(),
      story_text: z.string().nullable().optional(),
    }),
  ),
});

/** The discussion page of a Hacker News item. */
export function hackerNewsItemUrl(id: string): string {
  return `https://news.ycombinator.com/item?id=${encodeURIComponent(id)}`;
}

/**
 * Hacker News stories through Algolia's search API: by relevance, or newest first for
 * news. The time filter is applied by Algolia (`created_at_i`). Stories without a link
 * (Ask HN, Show HN text posts) point at their discussion.
 */
export const hnAlgoliaProvider: SearchProvider = {
  id: 'hn_algolia',
  types: ['news', 'research'],
  filtersTime: true,
  rateLimit: { requests: 10_000, perMs: 60 * 60 * 1000 },
  async search(query, context) {
    const cutoff = timeCutoff(query.time, context.now());
    const endpoint = query.type === 'news' ? 'search_by_date' : 'search';
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery(`https://hn.algolia.com/api/v1/${endpoint}`, {
          query: query.text,
          tags: 'story',
          hitsPerPage: query.limit,
          numericFilters: cutoff === null ? null : `created_at_i>${Math.floor(cutoff / 1000)}`,
        }),
      },
      AlgoliaReply,
    );
    return reply.hits
      .filter((item) => item.title)
      .slice(0, query.limit)
      .map((item) => {
        const points = item.points ?? 0;
        const comments = item.num_comments ?? 0;
        const date = isoDate(item.created_at);
        return {
          title: item.title ?? '',
          url: item.url || hackerNewsItemUrl(item.objectID),
          snippet: plainText(item.story_text),
          detail: `${points} ${points === 1 ? 'point' : 'points'} · ${comments} ${comments === 1 ? 'comment' : 'comments'}`,
          ...(date ? { date } : {}),
        };
      });
  },
};

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

const SERVICE = 'Semantic Scholar';
/** The most results one relevance search returns (`limit`). */
const MOST_RESULTS = 100;
const FIELDS = 'title,url,abstract,year,authors,venue,publicationDate,externalIds';

/** `GET /graph/v1/paper/search`: `data` are papers with the requested fields (`data` absent when none). */
const PaperSearchReply = z.looseObject({
  data: z
    .array(
      z.looseObject({
        paperId: z.string(),
        title: z.string().nullable().optional(),
        url: z.string().nullable().optional(),
        abstract: z.string().nullable().optional(),
        year: z.number().int().nullable().optional(),
        venue: z.string().nullable().optional(),
        publicationDate: z.string().nullable().optional(),
        authors: z.array(z.looseObject({ name: z.string().nullable().optional() })).optional(),
        externalIds: z.record(z.string(), z.unknown()).nullable().optional(),
      }),
    )
    .optional(),
});

/**
 * Semantic Scholar's paper search (relevance), with a key. The time filter is its
 * `publicationDateOrYear` range, open at the end (`2026-10-22:`).
 */
export const semanticScholarProvider: SearchProvider = {
  id: 'semantic_scholar',
  types: ['research'],
  filtersTime: true,
  rateLimit: { requests: 1, perMs: 1000 },
  async search(query, context) {
    const key = requireKey(context, SERVICE);
    const fromDay = cutoffDay(query.time, context.now());
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://api.semanticscholar.org/graph/v1/paper/search', {
          query: query.text,
          limit: Math.min(query.limit, MOST_RESULTS),
          fields: FIELDS,
          publicationDateOrYear: fromDay ? `${fromDay}:` : null,
        }),
        headers: { 'x-api-key': key },
      },
      PaperSearchReply,
    );
    const hits: ProviderHit[] = [];
    for (const paper of reply.data ?? []) {
      const title = paper.title?.trim();
      if (!title) continue;
      const doi = paper.externalIds?.DOI;
      const date =
        isoDate(paper.publicationDate) ?? (paper.year ? isoDate(`${paper.year}-01-01`) : undefined);
      const hit: ProviderHit = {
        title,
        url:
          paper.url ??
          (typeof doi === 'string'
            ? `https://doi.org/${doi}`
            : `https://www.semanticscholar.org/paper/${paper.paperId}`),
        snippet: paper.abstract ?? '',
      };
      if (date) hit.date = date;
      const detail = detailLine([
        authorList((paper.authors ?? []).map((author) => author.name ?? '')),
        paper.venue,
        paper.year ? String(paper.year) : null,
      ]);
      if (detail) hit.detail = detail;
      hits.push(hit);
    }
    return hits.slice(0, query.limit);
  },
};

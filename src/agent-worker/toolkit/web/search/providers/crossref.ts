import { z } from 'zod';
import type { ProviderHit, SearchProvider } from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import {
  authorList,
  cutoffDay,
  dateFromParts,
  detailLine,
  fetchJson,
  withQuery,
} from './provider-request.ts';

const SERVICE = 'Crossref';
/** The fields asked for (`select`), which keeps replies small. */
const SELECTED_FIELDS = 'DOI,title,URL,author,container-title,published,issued,abstract';

/** A Crossref partial date: `{"date-parts": [[year, month?, day?]]}` (`[[null]]` when unknown). */
const PartialDate = z.looseObject({ 'date-parts': z.array(z.array(z.number().nullable())) }).optional();

/** `GET /works`: `message.items` are works (the selected fields; most are optional). */
const CrossrefReply = z.looseObject({
  message: z.looseObject({
    items: z.array(
      z.looseObject({
        DOI: z.string(),
        URL: z.string().optional(),
        title: z.array(z.string()).optional(),
        author: z
          .array(
            z.looseObject({
              given: z.string().optional(),
              family: z.string().optional(),
              name: z.string().optional(),
            }),
          )
          .optional(),
        'container-title': z.array(z.string()).optional(),
        published: PartialDate,
        issued: PartialDate,
        abstract: z.string().optional(),
      }),
    ),
  }),
});

/** A JATS abstract as plain text, without the heading "Abstract" many of them open with. */
export function abstractText(jats: string | undefined): string {
  if (!jats) return '';
  return plainText(jats.replace(/^\s*<jats:title>\s*Abstract\s*<\/jats:title>/i, ''));
}

/**
 * Crossref: metadata of scholarly works (articles, books, proceedings) by DOI. The
 * contact email, when set, goes as `mailto` (Crossref's polite pool); the time filter
 * is applied by Crossref on the publication date.
 */
export const crossrefProvider: SearchProvider = {
  id: 'crossref',
  types: ['research'],
  filtersTime: true,
  rateLimit: { requests: 5, perMs: 1000 },
  async search(query, context) {
    const fromDay = cutoffDay(query.time, context.now());
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://api.crossref.org/works', {
          query: query.text,
          rows: query.limit,
          select: SELECTED_FIELDS,
          filter: fromDay ? `from-pub-date:${fromDay}` : null,
          mailto: context.web.contactEmail,
        }),
      },
      CrossrefReply,
    );
    const hits: ProviderHit[] = [];
    for (const work of reply.message.items) {
      const title = plainText(work.title?.[0]);
      if (!title) continue;
      const date =
        dateFromParts(work.published?.['date-parts'][0]) ?? dateFromParts(work.issued?.['date-parts'][0]);
      const authors = (work.author ?? []).map(
        (author) => author.name ?? [author.given, author.family].filter(Boolean).join(' '),
      );
      const hit: ProviderHit = {
        title,
        url: work.URL ?? `https://doi.org/${work.DOI}`,
        snippet: abstractText(work.abstract),
      };
      if (date) hit.date = date;
      const detail = detailLine([authorList(authors), work['container-title']?.[0], date?.slice(0, 4)]);
      if (detail) hit.detail = detail;
      hits.push(hit);
    }
    return hits.slice(0, query.limit);
  },
};

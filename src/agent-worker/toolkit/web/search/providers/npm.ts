import { z } from 'zod';
import type { SearchProvider } from '../search-provider.ts';
import { detailLine, fetchJson, isoDate, withQuery } from './provider-request.ts';

const SERVICE = 'The npm registry';

/** `GET /-/v1/search`: `objects[].package` (the fields used). */
const NpmSearchReply = z.looseObject({
  objects: z.array(
    z.looseObject({
      package: z.looseObject({
        name: z.string(),
        version: z.string(),
        description: z.string().nullable().optional(),
        date: z.string().optional(),
        links: z.looseObject({ npm: z.string().optional() }).optional(),
        publisher: z.looseObject({ username: z.string() }).optional(),
      }),
    }),
  ),
});

/**
 * The npm registry's package search (text relevance, quality and popularity). Dates are
 * each package's latest publish; the time filter is left to the caller.
 */
export const npmProvider: SearchProvider = {
  id: 'npm',
  types: ['api', 'tool'],
  filtersTime: false,
  rateLimit: null,
  async search(query, context) {
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://registry.npmjs.org/-/v1/search', { text: query.text, size: query.limit }),
      },
      NpmSearchReply,
    );
    return reply.objects.slice(0, query.limit).map(({ package: found }) => {
      const date = isoDate(found.date);
      return {
        title: found.name,
        url: found.links?.npm ?? `https://www.npmjs.com/package/${found.name}`,
        snippet: found.description ?? '',
        detail: detailLine([
          `v${found.version}`,
          found.publisher ? `published by ${found.publisher.username}` : null,
        ]),
        ...(date ? { date } : {}),
      };
    });
  },
};

import { z } from 'zod';
import { ProviderError, type SearchProvider } from '../search-provider.ts';
import { fetchJson, requireKey, withQuery } from './provider-request.ts';

const SERVICE = 'Jina Search';

/** `GET https://s.jina.ai/?q=` with `Accept: application/json`: `data` are the results. */
const JinaSearchReply = z.looseObject({
  data: z.array(
    z.looseObject({
      title: z.string(),
      url: z.string(),
      description: z.string().nullable().optional(),
      content: z.string().nullable().optional(),
    }),
  ),
});

/** Longest snippet taken from a result's page content when it has no description. */
const SNIPPET_LENGTH = 300;

/**
 * Jina's search (s.jina.ai) with a key: web results, each with its page read as text.
 * It sends no CORS headers to other origins, so requests go through the person's CORS
 * proxy. It has no time filter; the caller filters by date.
 */
export const jinaSearchProvider: SearchProvider = {
  id: 'jina_search',
  types: ['info', 'news'],
  filtersTime: false,
  rateLimit: { requests: 100, perMs: 60_000 },
  async search(query, context) {
    const key = requireKey(context, SERVICE);
    const url = context.proxied(withQuery('https://s.jina.ai/', { q: query.text }));
    if (url === null) {
      throw new ProviderError(
        'not_configured',
        `${SERVICE} does not accept requests from a web page (no CORS): set a CORS proxy in Settings → Search to use it.`,
      );
    }
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url,
        headers: { Accept: 'application/json', Authorization: `Bearer ${key}` },
      },
      JinaSearchReply,
    );
    return reply.data.slice(0, query.limit).map((result) => {
      const content = (result.content ?? '').replace(/\s+/g, ' ').trim();
      return {
        title: result.title,
        url: result.url,
        snippet:
          result.description?.trim() ||
          (content.length > SNIPPET_LENGTH ? `${content.slice(0, SNIPPET_LENGTH)}…` : content),
      };
    });
  },
};

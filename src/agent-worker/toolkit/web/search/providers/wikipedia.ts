import { z } from 'zod';
import {
  type ProviderContext,
  ProviderError,
  type ProviderHit,
  type ProviderQuery,
  type SearchProvider,
} from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import { detailLine, fetchJson, isoDate, wikimediaUserAgent, withQuery } from './provider-request.ts';

const ORIGIN = 'https://en.wikipedia.org';
const SERVICE = 'Wikipedia';

/** MediaWiki REST search (`/w/rest.php/v1/search/page`): the fields used of its page objects. */
const RestSearchReply = z.looseObject({
  pages: z.array(
    z.looseObject({
      key: z.string(),
      title: z.string(),
      excerpt: z.string().nullable(),
      description: z.string().nullable().optional(),
      thumbnail: z
        .looseObject({
          url: z.string(),
          mimetype: z.string().nullable().optional(),
          width: z.number().int().nonnegative().nullable().optional(),
          height: z.number().int().nonnegative().nullable().optional(),
        })
        .nullable()
        .optional(),
    }),
  ),
});

/** Action API `list=search` with `formatversion=2`; errors come back as `error` with HTTP 200. */
const ActionSearchReply = z.looseObject({
  query: z
    .looseObject({
      search: z.array(
        z.looseObject({
          title: z.string(),
          snippet: z.string().optional(),
          timestamp: z.string().optional(),
        }),
      ),
    })
    .optional(),
  error: z.looseObject({ code: z.string(), info: z.string() }).optional(),
});

/** The address of an article from its key or title (slashes and colons kept readable). */
export function wikipediaArticleUrl(keyOrTitle: string): string {
  const path = keyOrTitle
    .replaceAll(' ', '_')
    .split('/')
    .map((segment) => encodeURIComponent(segment).replaceAll('%3A', ':'))
    .join('/');
  return `${ORIGIN}/wiki/${path}`;
}

/**
 * English Wikipedia. Without a time filter it uses the REST search (excerpts, short
 * descriptions, lead-image thumbnails); with one it uses the Action API, whose results
 * carry the last edit's timestamp, and leaves the filtering by date to the caller.
 */
export const wikipediaProvider: SearchProvider = {
  id: 'wikipedia',
  types: ['info'],
  filtersTime: false,
  rateLimit: null,
  search: (query, context) =>
    query.time === 'all' ? searchRest(query, context) : searchActionApi(query, context),
};

async function searchRest(query: ProviderQuery, context: ProviderContext): Promise<ProviderHit[]> {
  const reply = await fetchJson(
    context,
    {
      service: SERVICE,
      url: withQuery(`${ORIGIN}/w/rest.php/v1/search/page`, { q: query.text, limit: query.limit }),
      headers: { 'Api-User-Agent': wikimediaUserAgent(context.web) },
    },
    RestSearchReply,
  );
  return reply.pages.slice(0, query.limit).map((page) => {
    const hit: ProviderHit = {
      title: page.title,
      url: wikipediaArticleUrl(page.key),
      snippet: plainText(page.excerpt) || plainText(page.description),
    };
    const detail = detailLine([page.description]);
    if (detail) hit.detail = detail;
    if (page.thumbnail) {
      hit.image = {
        url: page.thumbnail.url.startsWith('//') ? `https:${page.thumbnail.url}` : page.thumbnail.url,
        ...(page.thumbnail.width ? { width: page.thumbnail.width } : {}),
        ...(page.thumbnail.height ? { height: page.thumbnail.height } : {}),
        ...(page.thumbnail.mimetype ? { mime: page.thumbnail.mimetype } : {}),
      };
    }
    return hit;
  });
}

async function searchActionApi(query: ProviderQuery, context: ProviderContext): Promise<ProviderHit[]> {
  const reply = await fetchJson(
    context,
    {
      service: SERVICE,
      url: withQuery(`${ORIGIN}/w/api.php`, {
        action: 'query',
        list: 'search',
        srsearch: query.text,
        srlimit: query.limit,
        srprop: 'snippet|timestamp',
        format: 'json',
        formatversion: 2,
        origin: '*',
      }),
      headers: { 'Api-User-Agent': wikimediaUserAgent(context.web) },
    },
    ActionSearchReply,
  );
  if (reply.error) {
    const kind = reply.error.code === 'ratelimited' ? 'rate_limited' : 'http';
    throw new ProviderError(kind, `${SERVICE} refused the search: ${reply.error.info}`);
  }
  if (!reply.query) throw new ProviderError('bad_reply', `${SERVICE} sent a reply without results.`);
  return reply.query.search.slice(0, query.limit).map((result) => {
    const hit: ProviderHit = {
      title: result.title,
      url: wikipediaArticleUrl(result.title),
      snippet: plainText(result.snippet),
    };
    const date = isoDate(result.timestamp);
    if (date) hit.date = date;
    return hit;
  });
}

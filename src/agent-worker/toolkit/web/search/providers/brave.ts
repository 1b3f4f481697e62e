import { z } from 'zod';
import type { SearchTime } from '@/shared/protocol/web/search-results.ts';
import {
  type ProviderContext,
  ProviderError,
  type ProviderHit,
  type ProviderQuery,
  type SearchProvider,
} from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import { detailLine, fetchJson, isoDate, requireKey, withQuery } from './provider-request.ts';

const SERVICE = 'Brave Search';
const API = 'https://api.search.brave.com/res/v1';

/** Brave's `freshness` for each time filter. */
const FRESHNESS: Record<Exclude<SearchTime, 'all'>, string> = {
  past_day: 'pd',
  past_week: 'pw',
  past_month: 'pm',
  past_year: 'py',
};

/** A web or news result (`description` carries `<strong>` highlights; `page_age` is a zone-less UTC time). */
const PageResult = z.looseObject({
  title: z.string(),
  url: z.string(),
  description: z.string().nullable().optional(),
  page_age: z.string().nullable().optional(),
  meta_url: z.looseObject({ hostname: z.string().optional() }).nullable().optional(),
});

/** `GET /web/search`: `web` is absent when there are no web results. */
const WebReply = z.looseObject({ web: z.looseObject({ results: z.array(PageResult) }).optional() });

/** `GET /news/search`. */
const NewsReply = z.looseObject({ results: z.array(PageResult) });

/** `GET /images/search`: `url` is the page, `properties.url` the image (sizes since 2025-06). */
const ImagesReply = z.looseObject({
  results: z.array(
    z.looseObject({
      title: z.string().nullable().optional(),
      url: z.string(),
      source: z.string().nullable().optional(),
      properties: z.looseObject({
        url: z.string(),
        width: z.number().int().nullable().optional(),
        height: z.number().int().nullable().optional(),
      }),
      thumbnail: z.looseObject({ src: z.string().nullable().optional() }).nullable().optional(),
    }),
  ),
});

/**
 * Brave Search (web, news and images) with a key. Its API sends no CORS headers, so
 * every request goes through the person's CORS proxy. The time filter is its `freshness`
 * (web and news; image search has none).
 */
export const braveProvider: SearchProvider = {
  id: 'brave',
  types: ['info', 'news', 'image'],
  filtersTime: true,
  rateLimit: { requests: 1, perMs: 1000 },
  async search(query, context) {
    const key = requireKey(context, SERVICE);
    const freshness = query.time === 'all' ? null : FRESHNESS[query.time];
    if (query.type === 'image') {
      const reply = await braveJson(context, key, `${API}/images/search`, query, 200, null, ImagesReply);
      return reply.results.slice(0, query.limit).map((result) => ({
        title: plainText(result.title) || result.properties.url,
        url: result.url,
        snippet: '',
        image: {
          url: result.properties.url,
          ...(result.thumbnail?.src ? { thumbnail_url: result.thumbnail.src } : {}),
          ...(result.properties.width ? { width: result.properties.width } : {}),
          ...(result.properties.height ? { height: result.properties.height } : {}),
        },
        ...(result.source ? { detail: result.source } : {}),
      }));
    }
    const results =
      query.type === 'news'
        ? (await braveJson(context, key, `${API}/news/search`, query, 50, freshness, NewsReply)).results
        : ((await braveJson(context, key, `${API}/web/search`, query, 20, freshness, WebReply)).web
            ?.results ?? []);
    return results.slice(0, query.limit).map((result) => {
      const hit: ProviderHit = {
        title: plainText(result.title),
        url: result.url,
        snippet: plainText(result.description),
      };
      const date = isoDate(result.page_age);
      if (date) hit.date = date;
      const detail = detailLine([result.meta_url?.hostname]);
      if (detail) hit.detail = detail;
      return hit;
    });
  },
};

async function braveJson<Schema extends z.ZodType>(
  context: ProviderContext,
  key: string,
  endpoint: string,
  query: ProviderQuery,
  mostResults: number,
  freshness: string | null,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const target = withQuery(endpoint, {
    q: query.text,
    count: Math.min(query.limit, mostResults),
    freshness,
  });
  const url = context.proxied(target);
  if (url === null) {
    throw new ProviderError(
      'not_configured',
      `${SERVICE} does not accept requests from a web page (no CORS): set a CORS proxy in Settings → Search to use it.`,
    );
  }
  return fetchJson(
    context,
    {
      service: SERVICE,
      url,
      headers: { Accept: 'application/json', 'X-Subscription-Token': key },
    },
    schema,
  );
}

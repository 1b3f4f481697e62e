import { z } from 'zod';
import type { SearchTime, SearchType } from '@/shared/protocol/web/search-results.ts';
import { ProviderError, type ProviderHit, type SearchProvider } from '../search-provider.ts';
import { plainText } from './plain-text.ts';
import { detailLine, fetchJson, isoDate, withQuery } from './provider-request.ts';

const SERVICE = 'SearXNG';

/** The SearXNG category searched for each type. */
const CATEGORIES: Record<SearchType, string> = {
  info: 'general',
  news: 'news',
  image: 'images',
  research: 'science',
  api: 'it',
  tool: 'it',
  data: 'general',
};

/** SearXNG's `time_range` values (`day`, `week`, `month`, `year`). */
const TIME_RANGES: Record<Exclude<SearchTime, 'all'>, string> = {
  past_day: 'day',
  past_week: 'week',
  past_month: 'month',
  past_year: 'year',
};

/** `GET /search?format=json`: `results` from its engines (image results add `img_src`). */
const SearxngReply = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: z.string(),
      content: z.string().nullable().optional(),
      publishedDate: z.string().nullable().optional(),
      engine: z.string().optional(),
      img_src: z.string().nullable().optional(),
      thumbnail_src: z.string().nullable().optional(),
      resolution: z.string().nullable().optional(),
    }),
  ),
});

/** A protocol-relative address (`//host/path`, which some engines give) made https. */
function absolute(url: string): string {
  return url.startsWith('//') ? `https:${url}` : url;
}

/** `1920 x 1080` (SearXNG's image resolution) as a width and height, or nothing. */
function dimensions(resolution: string | null | undefined): { width?: number; height?: number } {
  const match = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/.exec(resolution ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : {};
}

/**
 * The person's own SearXNG instance (Settings → Search), which must have `json` in its
 * `search.formats`. The time filter is SearXNG's `time_range` (engines without time
 * support are left out by SearXNG itself).
 */
export const searxngProvider: SearchProvider = {
  id: 'searxng',
  types: ['info', 'news', 'image', 'research', 'api', 'tool'],
  filtersTime: true,
  rateLimit: null,
  async search(query, context) {
    const instance = context.web.searxngUrl;
    if (!instance) {
      throw new ProviderError(
        'not_configured',
        'Add the address of your SearXNG instance in Settings → Search.',
      );
    }
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery(`${instance.replace(/\/+$/, '')}/search`, {
          q: query.text,
          format: 'json',
          categories: CATEGORIES[query.type],
          time_range: query.time === 'all' ? null : TIME_RANGES[query.time],
        }),
        readRefusal: (response) =>
          response.status === 403
            ? new ProviderError(
                'not_configured',
                `${instance} refused the JSON format (HTTP 403): enable \`json\` in search.formats of its settings.yml.`,
              )
            : null,
      },
      SearxngReply,
    );
    return reply.results.slice(0, query.limit).map((result) => {
      const hit: ProviderHit = {
        title: plainText(result.title) || result.url,
        url: result.url,
        snippet: plainText(result.content),
      };
      const date = isoDate(result.publishedDate);
      if (date) hit.date = date;
      if (query.type === 'image' && result.img_src) {
        hit.image = {
          url: absolute(result.img_src),
          ...(result.thumbnail_src ? { thumbnail_url: absolute(result.thumbnail_src) } : {}),
          ...dimensions(result.resolution),
        };
      }
      const detail = detailLine([result.engine ? `via ${result.engine}` : null]);
      if (detail) hit.detail = detail;
      return hit;
    });
  },
};

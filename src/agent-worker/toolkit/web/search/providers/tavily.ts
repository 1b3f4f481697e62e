import { z } from 'zod';
import type { SearchTime } from '@/shared/protocol/web/search-results.ts';
import type { ProviderHit, SearchProvider } from '../search-provider.ts';
import { fetchJson, isoDate, requireKey } from './provider-request.ts';

const SERVICE = 'Tavily';

/** Tavily's `time_range` for each time filter. */
const TIME_RANGES: Record<Exclude<SearchTime, 'all'>, string> = {
  past_day: 'day',
  past_week: 'week',
  past_month: 'month',
  past_year: 'year',
};

/**
 * `POST /search`: `results` are pages (`published_date` for the news topic); `images` are
 * URLs, or `{url, description}` objects with `include_image_descriptions`.
 */
const TavilyReply = z.looseObject({
  results: z.array(
    z.looseObject({
      title: z.string(),
      url: z.string(),
      content: z.string().nullable().optional(),
      published_date: z.string().nullable().optional(),
    }),
  ),
  images: z
    .array(
      z.union([
        z.string(),
        z.looseObject({ url: z.string(), description: z.string().nullable().optional() }),
      ]),
    )
    .nullable()
    .optional(),
});

/** The body of a Tavily search for `type` and `time`. */
export function tavilyRequestBody(
  text: string,
  type: string,
  time: SearchTime,
  limit: number,
): Record<string, unknown> {
  const isImage = type === 'image';
  return {
    query: text,
    max_results: limit,
    topic: type === 'news' ? 'news' : 'general',
    ...(time === 'all' ? {} : { time_range: TIME_RANGES[time] }),
    ...(isImage ? { include_images: true, include_image_descriptions: true } : {}),
  };
}

/**
 * Tavily: web search made for agents (every type), with a key. The time filter is its
 * `time_range`; image searches return the query-related images Tavily found, each
 * described, as image results.
 */
export const tavilyProvider: SearchProvider = {
  id: 'tavily',
  types: ['info', 'image', 'api', 'news', 'tool', 'data', 'research'],
  filtersTime: true,
  rateLimit: { requests: 100, perMs: 60_000 },
  async search(query, context) {
    const key = requireKey(context, SERVICE);
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: 'https://api.tavily.com/search',
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(tavilyRequestBody(query.text, query.type, query.time, query.limit)),
      },
      TavilyReply,
    );
    if (query.type === 'image') {
      return (reply.images ?? []).slice(0, query.limit).map((image): ProviderHit => {
        const url = typeof image === 'string' ? image : image.url;
        const description = typeof image === 'string' ? '' : (image.description ?? '');
        return {
          title: imageTitle(url, description),
          url,
          snippet: description,
          image: { url },
        };
      });
    }
    return reply.results.slice(0, query.limit).map((result) => {
      const date = isoDate(result.published_date);
      return {
        title: result.title,
        url: result.url,
        snippet: result.content ?? '',
        ...(date ? { date } : {}),
      };
    });
  },
};

/** A title for an image result: the start of its description, else its file name. */
function imageTitle(url: string, description: string): string {
  const words = description.split(/\s+/).filter(Boolean);
  if (words.length > 0) return words.length > 12 ? `${words.slice(0, 12).join(' ')}…` : words.join(' ');
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  } catch {
    return url;
  }
}

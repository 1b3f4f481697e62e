import { z } from 'zod';
import type { NetworkResponse } from '@/shared/protocol/ports/network-port.ts';
import { ProviderError, type SearchProvider } from '../search-provider.ts';
import { cutoffDay, detailLine, fetchJson, isoDate, retryAfterMs, withQuery } from './provider-request.ts';

const SERVICE = 'GitHub';

/** `GET /search/repositories`: `items` are repositories (the fields used). */
const RepositorySearchReply = z.looseObject({
  items: z.array(
    z.looseObject({
      full_name: z.string(),
      html_url: z.string(),
      description: z.string().nullable().optional(),
      stargazers_count: z.number().int().nonnegative(),
      language: z.string().nullable().optional(),
      pushed_at: z.string().nullable().optional(),
    }),
  ),
});

/**
 * GitHub's rate-limit refusal (403 or 429): `retry-after` for a secondary limit, or
 * `x-ratelimit-remaining: 0` with `x-ratelimit-reset` (epoch seconds) for the primary one.
 */
export function githubRateLimit(response: NetworkResponse, now: number): ProviderError | null {
  if (response.status !== 403 && response.status !== 429) return null;
  const headers = response.headers;
  const isExhausted = headers['x-ratelimit-remaining'] === '0';
  const retryAfter = retryAfterMs(headers, now);
  if (!isExhausted && retryAfter === null) return null;
  const reset = Number(headers['x-ratelimit-reset']);
  const waitMs = retryAfter ?? (Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : null);
  const wait = waitMs === null ? '' : ` Try again in ${Math.ceil(waitMs / 1000)} s.`;
  return new ProviderError(
    'rate_limited',
    `${SERVICE} allows 10 searches a minute without a key, and that is used up.${wait}`,
    waitMs,
  );
}

/**
 * GitHub repository search, best match first. A time filter becomes the `pushed:>`
 * qualifier (repositories with commits since), applied by GitHub.
 */
export const githubProvider: SearchProvider = {
  id: 'github',
  types: ['api', 'tool'],
  filtersTime: true,
  rateLimit: { requests: 10, perMs: 60_000 },
  async search(query, context) {
    const fromDay = cutoffDay(query.time, context.now());
    const reply = await fetchJson(
      context,
      {
        service: SERVICE,
        url: withQuery('https://api.github.com/search/repositories', {
          q: fromDay ? `${query.text} pushed:>${fromDay}` : query.text,
          per_page: query.limit,
        }),
        headers: { Accept: 'application/vnd.github+json' },
        readRefusal: (response) => githubRateLimit(response, context.now()),
      },
      RepositorySearchReply,
    );
    return reply.items.slice(0, query.limit).map((repository) => {
      const date = isoDate(repository.pushed_at);
      const stars = repository.stargazers_count;
      return {
        title: repository.full_name,
        url: repository.html_url,
        snippet: repository.description ?? '',
        detail: detailLine([
          `${stars.toLocaleString('en-US')} ${stars === 1 ? 'star' : 'stars'}`,
          repository.language,
        ]),
        ...(date ? { date } : {}),
      };
    });
  },
};

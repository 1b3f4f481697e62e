import type { z } from 'zod';
import type { HttpMethod, NetworkResponse } from '@/shared/protocol/ports/network-port.ts';
import type { SearchTime } from '@/shared/protocol/web/search-results.ts';
import type { WebSettings } from '@/shared/protocol/web/web-settings.ts';
import { type ProviderContext, ProviderError, timeCutoff } from '../search-provider.ts';
import { plainText } from './plain-text.ts';

/** One request to a search API whose reply is JSON. */
export type JsonRequest = {
  /** The service as a person names it ("Crossref"), for messages. */
  service: string;
  url: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Reads a non-2xx reply before the generic handling, for services that say more in
   * it (GitHub's rate-limit headers on a 403, SearXNG's 403 for a disabled format).
   * Returns null to fall back to the generic handling.
   */
  readRefusal?: (response: NetworkResponse) => ProviderError | null;
};

const EXCERPT_LENGTH = 200;

/**
 * Sends `request` through the context's network and parses the reply with `schema`.
 * A 429 is `rate_limited` (with `Retry-After` when given), any other non-2xx is `http`
 * with the status and the start of the body, a reply that is not JSON or not of the
 * documented shape is `bad_reply`. A `NetworkError` passes through unchanged.
 */
export async function fetchJson<Schema extends z.ZodType>(
  context: ProviderContext,
  request: JsonRequest,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const response = await context.network.fetch({
    url: request.url,
    method: request.method ?? 'GET',
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal: context.signal,
  });
  if (response.status < 200 || response.status > 299) {
    throw request.readRefusal?.(response) ?? refusal(request.service, response, context.now());
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(response.body));
  } catch {
    throw new ProviderError('bad_reply', `${request.service} sent a reply that is not JSON.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the reply';
    throw new ProviderError(
      'bad_reply',
      `${request.service} sent a reply of an unexpected shape (${where}: ${issue?.message ?? 'invalid'}).`,
    );
  }
  return parsed.data;
}

/** The generic error for a non-2xx reply: `rate_limited` for 429, `http` otherwise. */
export function refusal(service: string, response: NetworkResponse, now: number): ProviderError {
  if (response.status === 429) {
    const waitMs = retryAfterMs(response.headers, now);
    const wait = waitMs === null ? '' : ` Try again in ${Math.ceil(waitMs / 1000)} s.`;
    return new ProviderError('rate_limited', `${service} is rate limiting these searches.${wait}`, waitMs);
  }
  const excerpt = bodyExcerpt(response.body);
  return new ProviderError(
    'http',
    `${service} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : '.'}`,
  );
}

/** The start of a reply body as one line of text (HTML and JSON alike), for messages. */
export function bodyExcerpt(body: Uint8Array): string {
  const text = plainText(new TextDecoder().decode(body.subarray(0, 4 * EXCERPT_LENGTH)));
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/** Milliseconds the `Retry-After` header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(headers: Record<string, string>, now: number): number | null {
  const value = headers['retry-after']?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A URL with its query parameters (in order; null and undefined ones left out). */
export function withQuery(
  base: string,
  parameters: Record<string, string | number | null | undefined>,
): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined) url.searchParams.append(name, String(value));
  }
  return url.href;
}

/** The key for a keyed provider, or `not_configured` saying where to add it. */
export function requireKey(context: ProviderContext, service: string): string {
  if (context.key) return context.key;
  const article = /^[aeiou]/i.test(service) ? 'an' : 'a';
  throw new ProviderError('not_configured', `Add ${article} ${service} key in Settings → Search.`);
}

/**
 * The `Api-User-Agent` Wikimedia asks clients to send (a browser cannot set
 * `User-Agent`): the app and a way to reach the person running it.
 */
export function wikimediaUserAgent(web: WebSettings): string {
  return `Sandpiper/0.1 (${web.contactEmail ?? 'https://github.com/sandpiper'})`;
}

/** The first day (UTC, `YYYY-MM-DD`) a time filter keeps, or null for `all`. */
export function cutoffDay(time: SearchTime, now: number): string | null {
  const cutoff = timeCutoff(time, now);
  return cutoff === null ? null : new Date(cutoff).toISOString().slice(0, 10);
}

/** A date from an API as ISO 8601, or undefined when missing or unreadable. Zone-less times are UTC. */
export function isoDate(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text =
    typeof value === 'string' && /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value}Z` : value;
  const time = typeof text === 'number' ? text : Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** A date from `[year, month?, day?]` parts (Crossref's `date-parts`), or undefined. */
export function dateFromParts(parts: readonly (number | null)[] | undefined): string | undefined {
  const [year, month, day] = parts ?? [];
  if (typeof year !== 'number') return undefined;
  return new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1)).toISOString();
}

/** Names joined for a detail line: the first three, then "et al.". */
export function authorList(names: readonly string[]): string {
  const named = names.filter((name) => name.trim() !== '');
  return named.length > 3 ? `${named.slice(0, 3).join(', ')} et al.` : named.join(', ');
}

/** The parts of a detail line that are present, joined by " · ", or undefined when none are. */
export function detailLine(parts: readonly (string | null | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return present.length > 0 ? present.join(' · ') : undefined;
}

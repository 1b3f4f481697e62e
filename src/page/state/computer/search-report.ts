import type { z } from 'zod';
import type { EnvelopeMeta } from '@/shared/protocol/envelope.ts';
import { SearchImage } from '@/shared/protocol/tool-meta/search-meta.ts';
import {
  FailedImage,
  ProviderOutcome,
  SearchHit,
  SearchTime,
  SearchType,
} from '@/shared/protocol/web/search-results.ts';

/** What a search action found, as the search view shows it (every text is third-party). */
export type SearchReport = {
  /** `search.image` → `image`; null when the action type names no known search type. */
  type: SearchType | null;
  summary: string | null;
  queries: string[];
  time: SearchTime | null;
  providers: ProviderOutcome[];
  results: SearchHit[];
  images: SearchImage[];
  failedImages: FailedImage[];
};

/** `value` when it is an array, else nothing: each element parsed alone, malformed ones dropped. */
function listOf<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * A search action's meta read through the protocol's schemas, leniently: one malformed
 * result, provider or image drops only itself (a running action has none yet). The queries
 * and type fall back to the call's arguments.
 */
export function searchReport(meta: EnvelopeMeta, callArguments: Record<string, unknown> = {}): SearchReport {
  const payload = recordOf(meta.payload);
  const typeFromAction = SearchType.safeParse(meta.action_type.split('.')[1]);
  const typeFromCall = SearchType.safeParse(callArguments.type);
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  const queries = strings(payload.queries);
  return {
    type: typeFromAction.success ? typeFromAction.data : typeFromCall.success ? typeFromCall.data : null,
    summary: typeof meta.summary === 'string' && meta.summary.trim() !== '' ? meta.summary : null,
    queries: queries.length > 0 ? queries : strings(callArguments.queries),
    time: SearchTime.safeParse(payload.time ?? callArguments.time).data ?? null,
    providers: listOf(ProviderOutcome, payload.providers),
    results: listOf(SearchHit, payload.results),
    images: listOf(SearchImage, meta.images),
    failedImages: listOf(FailedImage, payload.failed_images),
  };
}

/** How many providers answered, failed and were skipped. */
export function providerTally(
  providers: readonly ProviderOutcome[],
): Record<ProviderOutcome['status'], number> {
  const tally = { answered: 0, failed: 0, skipped: 0 };
  for (const provider of providers) tally[provider.status] += 1;
  return tally;
}

/**
 * The address of a third-party link when it is http(s), normalised; null for anything
 * else (`javascript:`, `data:`, relative or malformed), which is then shown as text only.
 */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** "12 Mar 2025" for an ISO date (UTC, so it does not shift a day), or the text as given. */
export function formatHitDate(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}/.test(date) ? new Date(date) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const TIME_LABELS: Record<SearchTime, string> = {
  all: 'any time',
  past_day: 'past day',
  past_week: 'past week',
  past_month: 'past month',
  past_year: 'past year',
};

/** The time filter in words ("past week"). */
export function timeLabel(time: SearchTime): string {
  return TIME_LABELS[time];
}

import type { NetworkPort } from '@/shared/protocol/ports/network-port.ts';
import type { HitImage, SearchTime, SearchType } from '@/shared/protocol/web/search-results.ts';
import type { WebServiceId } from '@/shared/protocol/web/web-services.ts';
import type { WebSettings } from '@/shared/protocol/web/web-settings.ts';
import type { RateLimit } from '../rate-limits.ts';

/** One query as a provider runs it. */
export type ProviderQuery = {
  text: string;
  type: SearchType;
  time: SearchTime;
  /** Most results wanted. */
  limit: number;
};

/** A result as a provider returns it, in its own order (ranks and the source are added when merging). */
export type ProviderHit = {
  title: string;
  url: string;
  snippet: string;
  /** ISO 8601. */
  date?: string;
  detail?: string;
  image?: HitImage;
};

/** What a provider may use: the web network (its origins allowed), its key, the person's addresses. */
export type ProviderContext = {
  network: NetworkPort;
  /** The provider's key from the tool keys, or null. */
  key: string | null;
  web: WebSettings;
  /** `url` through the person's CORS proxy, or null when none is set. */
  proxied(url: string): string | null;
  signal: AbortSignal;
  now(): number;
};

/** Why a provider gave no results, beyond a `NetworkError` (which passes through as it is). */
export type ProviderErrorKind =
  /** 429 or an exhausted quota: `retryAfterMs` when the reply says how long. */
  | 'rate_limited'
  /** A non-2xx reply other than 429. */
  | 'http'
  /** A reply that does not match the documented shape. */
  | 'bad_reply'
  /** Not set up: a key, an instance address or a proxy is missing. */
  | 'not_configured';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export type { RateLimit } from '../rate-limits.ts';

export interface SearchProvider {
  id: WebServiceId;
  /** The types it serves (the routing table orders providers within each). */
  types: readonly SearchType[];
  /** True when it applies `time` itself; otherwise results are filtered on their dates. */
  filtersTime: boolean;
  /** Its published limit without a key (and with one, when `keyed` is given). */
  rateLimit: RateLimit | null;
  /** Runs one query. Throws `ProviderError` or `NetworkError`; parses the reply with zod. */
  search(query: ProviderQuery, context: ProviderContext): Promise<ProviderHit[]>;
}

/** The cut-off (ms since epoch) of a time filter, or null for `all`. */
export function timeCutoff(time: SearchTime, now: number): number | null {
  const day = 24 * 60 * 60 * 1000;
  switch (time) {
    case 'all':
      return null;
    case 'past_day':
      return now - day;
    case 'past_week':
      return now - 7 * day;
    case 'past_month':
      return now - 31 * day;
    case 'past_year':
      return now - 366 * day;
  }
}

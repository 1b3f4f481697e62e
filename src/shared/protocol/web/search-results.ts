import { z } from 'zod';

/** Seed 000's search types. */
export const SEARCH_TYPES = ['info', 'image', 'api', 'news', 'tool', 'data', 'research'] as const;
export const SearchType = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof SearchType>;

/** Seed 000's time filters. */
export const SEARCH_TIMES = ['all', 'past_day', 'past_week', 'past_month', 'past_year'] as const;
export const SearchTime = z.enum(SEARCH_TIMES);
export type SearchTime = z.infer<typeof SearchTime>;

/** What a search provider says about an image result (before it is downloaded). */
export const HitImage = z.looseObject({
  /** The full image. */
  url: z.string(),
  /** A smaller rendition the source offers, if any. */
  thumbnail_url: z.string().optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  mime: z.string().optional(),
  license: z.string().optional(),
  license_url: z.string().optional(),
  author: z.string().optional(),
});
export type HitImage = z.infer<typeof HitImage>;

/**
 * One search result, merged across queries and providers. Every text field comes from a
 * third party: the UI renders it as text, the model reads it as page content.
 */
export const SearchHit = z.looseObject({
  /** 1-based position after merging (best rank across queries and providers). */
  rank: z.number().int().positive(),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  /** The id of the provider that returned it first (a `WebServiceId`). */
  source: z.string(),
  /** The host shown beside the title (`en.wikipedia.org`). */
  site: z.string(),
  /** ISO 8601 date of publication or last change, when the source gives one. */
  date: z.string().optional(),
  /** Authors, venue, stars, downloads… a short line the source gives (research, api, tool). */
  detail: z.string().optional(),
  image: HitImage.optional(),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** How one provider fared for one search. */
export const ProviderOutcome = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(['answered', 'failed', 'skipped']),
  /** Results it returned (before merging). */
  results: z.number().int().nonnegative(),
  /** Why it failed or was skipped, in words a person can act on. */
  reason: z.string().optional(),
});
export type ProviderOutcome = z.infer<typeof ProviderOutcome>;

/** An image result that could not be saved, and why. */
export const FailedImage = z.looseObject({ url: z.string(), title: z.string(), reason: z.string() });
export type FailedImage = z.infer<typeof FailedImage>;

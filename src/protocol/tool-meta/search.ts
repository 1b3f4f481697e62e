import { z } from 'zod';

/** An image result downloaded into the workspace (seed 001 §3.6). */
export const SearchImage = z.object({
  path: z.string(),
  thumb: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});
export type SearchImage = z.infer<typeof SearchImage>;

/** Seed 001 `search` meta: who answered, a short synthesis, the results, and images when downloaded. */
export const SearchMeta = z.looseObject({
  provider: z.string(),
  summary: z.string(),
  payload: z.looseObject({ results: z.array(z.unknown()) }),
  images: z.array(SearchImage).optional(),
});
export type SearchMeta = z.infer<typeof SearchMeta>;

import { z } from 'zod';
import { FailedImage, ProviderOutcome, SearchHit, SearchTime } from '../web/search-results.ts';

/** Marks a meta whose text came from the web: the model reads it as page content, never as instructions. */
export const UNTRUSTED_WEB = 'web' as const;

/** An image result downloaded into the workspace (seed 001 §3.6), with where it came from. */
export const SearchImage = z.looseObject({
  path: z.string(),
  thumb: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** Ours: the address it was downloaded from, its title, and licence and author when the source gives them. */
  source_url: z.string().optional(),
  title: z.string().optional(),
  license: z.string().optional(),
  author: z.string().optional(),
});
export type SearchImage = z.infer<typeof SearchImage>;

/**
 * Seed 001 `search` meta: who answered, a short synthesis, the results, and images when
 * downloaded. `payload` also says how each provider fared, the queries run, the time
 * filter and the images that could not be saved (ours).
 */
export const SearchMeta = z.looseObject({
  provider: z.string(),
  summary: z.string(),
  payload: z.looseObject({
    results: z.array(SearchHit),
    providers: z.array(ProviderOutcome).optional(),
    queries: z.array(z.string()).optional(),
    time: SearchTime.optional(),
    failed_images: z.array(FailedImage).optional(),
  }),
  images: z.array(SearchImage).optional(),
  untrusted_content: z.literal(UNTRUSTED_WEB).optional(),
});
export type SearchMeta = z.infer<typeof SearchMeta>;

/** The meta kind `search`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'search', schema: SearchMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    search: typeof SearchMeta;
  }
}

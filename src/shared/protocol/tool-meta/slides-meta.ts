import { z } from 'zod';

/** Seed 001 `slides` meta: where the deck is and how many slides it has. */
export const SlidesMeta = z.looseObject({
  deck_path: z.string(),
  slide_count: z.number().int().nonnegative(),
  /** Ours: what the outline asked for that the deck could not do (a missing image, a count that disagrees). */
  warnings: z.array(z.string()).optional(),
});
export type SlidesMeta = z.infer<typeof SlidesMeta>;

/** The meta kind `slides`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'slides', schema: SlidesMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    slides: typeof SlidesMeta;
  }
}

import { z } from 'zod';

/** Seed 001 `generate` meta: generation mode is on. */
export const GenerateMeta = z.looseObject({ mode: z.literal('generation'), active: z.literal(true) });
export type GenerateMeta = z.infer<typeof GenerateMeta>;

/** The meta kind `generate`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'generate', schema: GenerateMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    generate: typeof GenerateMeta;
  }
}

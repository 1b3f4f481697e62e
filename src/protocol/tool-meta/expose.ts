import { z } from 'zod';

/** Seed 001 `expose` meta: the port, its URL, and whether that URL is public (false: a local URL only). */
export const ExposeMeta = z.looseObject({
  port: z.number().int().positive(),
  url: z.string(),
  exposed: z.boolean(),
});
export type ExposeMeta = z.infer<typeof ExposeMeta>;

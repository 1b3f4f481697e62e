import { z } from 'zod';

/**
 * Seed 001 `expose` meta: the port, its URL, and whether that URL is public (false: a local
 * URL only). Ours: `path`, the workspace folder served instead when nothing listened on the
 * port (the virtual sandbox runs no servers).
 */
export const ExposeMeta = z.looseObject({
  port: z.number().int().positive(),
  url: z.string(),
  exposed: z.boolean(),
  path: z.string().optional(),
});
export type ExposeMeta = z.infer<typeof ExposeMeta>;

/** The meta kind `expose`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'expose', schema: ExposeMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    expose: typeof ExposeMeta;
  }
}

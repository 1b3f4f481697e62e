import { z } from 'zod';

/** Seed 001 `webdev_init_project` meta: the project, its preset and its notable paths. */
export const WebdevInitProjectMeta = z.looseObject({
  project_name: z.string(),
  features: z.enum(['web-static', 'web-db-user']),
  paths: z.array(z.string()),
});
export type WebdevInitProjectMeta = z.infer<typeof WebdevInitProjectMeta>;

/** The meta kind `webdev_init_project`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'webdev_init_project', schema: WebdevInitProjectMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    webdev_init_project: typeof WebdevInitProjectMeta;
  }
}

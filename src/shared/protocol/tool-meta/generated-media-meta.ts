import { z } from 'zod';
import { MEDIA_KINDS } from '../media/media-settings.ts';

/** One file a generation action wrote to the workspace. */
export const GeneratedFileMeta = z.object({
  /** Absolute workspace path (`/home/ubuntu/generated/…`). */
  path: z.string(),
  mime: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Images: their size in pixels, read from the bytes. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** The prompt as the model rewrote it, when the endpoint said. */
  revised_prompt: z.string().optional(),
});
export type GeneratedFileMeta = z.infer<typeof GeneratedFileMeta>;

/**
 * A generation action's output (ours; seed 001 names none): what was made, from what,
 * by which model at which endpoint, and the files written.
 */
export const GeneratedMediaMeta = z.looseObject({
  mode: z.literal('generation'),
  kind: z.enum(MEDIA_KINDS),
  prompt: z.string(),
  model: z.string(),
  /** The endpoint's origin (`https://api.openai.com`); never its key. */
  origin: z.string(),
  files: z.array(GeneratedFileMeta),
  /** Image edits: the workspace image edited. */
  source_path: z.string().optional(),
});
export type GeneratedMediaMeta = z.infer<typeof GeneratedMediaMeta>;

/** The meta kind `generated_media`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'generated_media', schema: GeneratedMediaMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    generated_media: typeof GeneratedMediaMeta;
  }
}

import { z } from 'zod';
import { BrowserMeta } from './browser.ts';
import { ExposeMeta } from './expose.ts';
import { FileMeta } from './file.ts';
import { GenerateMeta } from './generate.ts';
import { GeneratedMediaMeta } from './generated-media.ts';
import { MatchMeta } from './match.ts';
import { MessageMeta } from './message.ts';
import { PlanMeta } from './plan.ts';
import { ScheduleMeta } from './schedule.ts';
import { SearchMeta } from './search.ts';
import { ShellMeta } from './shell.ts';
import { SlidesMeta } from './slides.ts';
import { SubAgentMeta } from './sub-agent.ts';
import { WebdevInitProjectMeta } from './webdev-init-project.ts';

/**
 * Every tool output shape, by the name seed 001 §13 gives it. A tool says which one its
 * `meta` follows (a tool of another profile may follow one of these too: an OpenManus
 * `bash` gives shell meta); the worker builds `meta` with the schema and the UI reads it
 * with the same schema, choosing the view by the kind the runtime records on the event.
 */
export const TOOL_META = {
  plan: PlanMeta,
  message: MessageMeta,
  shell: ShellMeta,
  file: FileMeta,
  match: MatchMeta,
  search: SearchMeta,
  schedule: ScheduleMeta,
  expose: ExposeMeta,
  browser: BrowserMeta,
  generate: GenerateMeta,
  slides: SlidesMeta,
  webdev_init_project: WebdevInitProjectMeta,
  generated_media: GeneratedMediaMeta,
  sub_agent: SubAgentMeta,
} as const;

export type MetaKind = keyof typeof TOOL_META;
export const MetaKind = z.enum(Object.keys(TOOL_META) as [MetaKind, ...MetaKind[]]);

/** The meta fields of kind `K` (what the tool built). */
export type ToolMetaOf<K extends MetaKind> = z.infer<(typeof TOOL_META)[K]>;

/**
 * Reads `meta` through `schema` field by field, leaving out fields that are missing or
 * malformed: a failed or running action's meta has few of them, and a log from an older
 * version or a bundle may carry odd ones. Never throws.
 */
export function readFields<S extends z.ZodObject>(schema: S, meta: unknown): Partial<z.infer<S>> {
  if (typeof meta !== 'object' || meta === null) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse((meta as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) fields[key] = parsed.data;
  }
  return fields as Partial<z.infer<S>>;
}

/** The fields of kind `kind` in `meta`, leniently (see `readFields`). */
export function readToolMeta<K extends MetaKind>(kind: K, meta: unknown): Partial<ToolMetaOf<K>> {
  return readFields(TOOL_META[kind] as z.ZodObject, meta) as Partial<ToolMetaOf<K>>;
}

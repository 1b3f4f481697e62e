import { z } from 'zod';

/**
 * Every tool output shape, by the name seed 001 §13 gives it: each `<kind>-meta.ts` of this
 * folder declares its own (its `META`, and its entry here by declaration merging), so a new
 * kind is one file. A tool says which one its `meta` follows (a tool of another profile may
 * follow one of these too: an OpenManus `bash` gives shell meta); the worker builds `meta`
 * with the schema and the UI reads it with the same schema, choosing the view by the kind
 * the runtime records on the event.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each kind's file (declaration merging).
export interface ToolMetaSchemas {}

export type MetaKind = keyof ToolMetaSchemas & string;

const KIND_MODULES = import.meta.glob<{ META: { kind: string; schema: z.ZodObject } }>('./*-meta.ts', {
  eager: true,
});

/** Each kind's schema, from the kinds' files. */
export const TOOL_META = Object.fromEntries(
  Object.values(KIND_MODULES)
    .map(({ META }) => [META.kind, META.schema] as const)
    .sort(([first], [second]) => first.localeCompare(second)),
) as unknown as Readonly<ToolMetaSchemas>;

export const MetaKind = z.enum(Object.keys(TOOL_META) as [MetaKind, ...MetaKind[]]);

/** The meta fields of kind `K` (what the tool built). */
export type ToolMetaOf<K extends MetaKind> = z.infer<ToolMetaSchemas[K]>;

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

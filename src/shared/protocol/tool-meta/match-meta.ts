import { z } from 'zod';

/** One match of seed 001 §3.5: the line number, the line, and its context lines. */
export const LineMatch = z.object({
  line: z.number().int(),
  match: z.string(),
  leading: z.array(z.string()),
  trailing: z.array(z.string()),
});
export type LineMatch = z.infer<typeof LineMatch>;

/** One file of `meta.results` (a `glob` result has no matches). */
export const FileMatches = z.object({ path: z.string().min(1), matches: z.array(LineMatch) });
export type FileMatches = z.infer<typeof FileMatches>;

/** Files `grep` did not search, by reason (ours). */
export const SkippedFiles = z.object({ binary: z.number().int(), too_large: z.number().int() });
export type SkippedFiles = z.infer<typeof SkippedFiles>;

/** Seed 001 `match` meta (results) plus ours: skipped files, and whether the list was cut. */
export const MatchMeta = z.looseObject({
  results: z.array(FileMatches),
  skipped: SkippedFiles.optional(),
  is_truncated: z.boolean().optional(),
});
export type MatchMeta = z.infer<typeof MatchMeta>;

/** The meta kind `match`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'match', schema: MatchMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    match: typeof MatchMeta;
  }
}

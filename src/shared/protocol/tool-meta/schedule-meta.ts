import { z } from 'zod';

/** Seed 001 `schedule` meta; `interval` is in seconds (seed 000), `repeat` a boolean or a count. */
export const ScheduleMeta = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(['cron', 'interval']),
  cron: z.string().optional(),
  interval: z.number().int().positive().optional(),
  repeat: z.union([z.boolean(), z.number().int().nonnegative()]).optional(),
  created_at: z.string(),
  /** Ours: when it first runs (ms since the epoch) and the time zone its cron is read in. */
  next_run_at: z.number().nullable().optional(),
  time_zone: z.string().optional(),
});
export type ScheduleMeta = z.infer<typeof ScheduleMeta>;

/** The meta kind `schedule`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'schedule', schema: ScheduleMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    schedule: typeof ScheduleMeta;
  }
}

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
});
export type ScheduleMeta = z.infer<typeof ScheduleMeta>;

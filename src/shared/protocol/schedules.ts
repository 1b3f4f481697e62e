import { z } from 'zod';

/** Seed 000: the shortest interval a recurring task may have. */
export const MIN_INTERVAL_SECONDS = 3600;
/** Most missed instants a schedule lists (the count goes on). */
export const MAX_LISTED_MISSED = 20;
/** A firing this late or later (the app was closed, the tab asleep) is marked late. */
export const LATE_AFTER_MS = 2 * 60 * 1000;

/** How a scheduled run ended, as its schedule records it (`running` until it ends). */
export const ScheduleRunOutcome = z.enum(['running', 'done', 'asking', 'stopped', 'failed']);
export type ScheduleRunOutcome = z.infer<typeof ScheduleRunOutcome>;

/** One firing of a schedule: when it was due, when it started, the conversation it made, how it went. */
export const ScheduleRun = z.object({
  dueAt: z.number(),
  startedAt: z.number(),
  /** The conversation the run happened in (null when it could not start). */
  conversationId: z.string().nullable(),
  outcome: ScheduleRunOutcome,
  /** Fired after the app was closed past its time (a catch-up). */
  late: z.boolean(),
  /** Why it failed, for a run that could not start or ended in error. */
  reason: z.string().max(2000).optional(),
});
export type ScheduleRun = z.infer<typeof ScheduleRun>;

/** Most characters of JSON a schedule's mark holds. */
export const MAX_SCHEDULE_MARK_CHARS = 20_000;

/**
 * A tool profile's own mark on a schedule one of its tools made: `owner` is the profile's
 * id and `data` is that profile's JSON, which nothing outside the profile reads (muxd's
 * `x_schedule` keeps a post's text and recurrence there). The profile's
 * `reconcileScheduleEdit` keeps it true when the person edits the schedule.
 */
export const ScheduleMark = z
  .object({ owner: z.string().min(1).max(64), data: z.json() })
  .refine((mark) => JSON.stringify(mark.data).length <= MAX_SCHEDULE_MARK_CHARS, {
    message: `A schedule's mark holds at most ${MAX_SCHEDULE_MARK_CHARS} characters of JSON.`,
  });
export type ScheduleMark = z.infer<typeof ScheduleMark>;

/**
 * Rows and bundles written before marks were the profiles' own kept muxd's scheduled X
 * post in an `xPost` field: read it as muxd's mark, so no saved post loses its mark.
 */
function liftLegacyXPost(row: unknown): unknown {
  if (typeof row !== 'object' || row === null || !('xPost' in row)) return row;
  const { xPost, ...rest } = row as Record<string, unknown>;
  if (rest.mark !== undefined || xPost === undefined) return rest;
  // muxd's id, as its X tools name the owner of their mark (X_POST_MARK_OWNER).
  return { ...rest, mark: { owner: 'muxd', data: xPost } };
}

/**
 * A scheduled task (seed 001's "Scheduled Task" plus what a browser needs): when it runs
 * (a 6-field cron in `timeZone`, or every `intervalSeconds`), what it runs (`prompt`, and
 * `playbook` as the runtime's note to the model), with which provider and tool profile
 * (those of the conversation that made it), and its state: paused, next run, last run,
 * the firings missed while every tab was closed. `remainingRuns` is seed 001's repeat
 * count (null: no limit, or a single run when `repeat` is false).
 */
const ScheduleFields = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
  type: z.enum(['cron', 'interval']),
  cron: z.string().max(200).optional(),
  intervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).optional(),
  repeat: z.boolean(),
  remainingRuns: z.number().int().nonnegative().nullable(),
  prompt: z.string().min(1).max(20_000),
  playbook: z.string().max(20_000).nullable(),
  /** The IANA time zone the cron is read in (the person's when it was made; editable). */
  timeZone: z.string().min(1),
  providerId: z.string().nullable(),
  profileId: z.string().min(1),
  /** The conversation whose `schedule` call made it (null: imported, or made in the panel). */
  originConversationId: z.string().nullable(),
  /** The project that conversation was in: each firing starts its conversation there (dropped on import). */
  projectId: z.string().min(1).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  paused: z.boolean(),
  /** The next instant it is due (null: it has run its course). */
  nextRunAt: z.number().nullable(),
  lastRun: ScheduleRun.nullable(),
  /** Instants missed while the app was closed (not run), newest last, at most `MAX_LISTED_MISSED`. */
  missed: z.array(z.number()).max(MAX_LISTED_MISSED),
  missedCount: z.number().int().nonnegative(),
  /** The mark of the profile whose tool made it, if that profile keeps one (see `ScheduleMark`). */
  mark: ScheduleMark.optional(),
});
export const Schedule = z.preprocess(liftLegacyXPost, ScheduleFields);
export type Schedule = z.infer<typeof ScheduleFields>;

/** What a conversation started by a schedule keeps of it. */
export const ScheduledRunLink = z.object({
  scheduleId: z.string().min(1),
  dueAt: z.number(),
  late: z.boolean(),
});
export type ScheduledRunLink = z.infer<typeof ScheduledRunLink>;

/** What the person may change of a schedule in the panel (absent fields stay as they are). */
export const ScheduleEdit = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  prompt: z.string().trim().min(1).max(20_000).optional(),
  cron: z.string().trim().min(1).max(200).optional(),
  intervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).optional(),
  timeZone: z.string().min(1).optional(),
  /** Another saved provider (a schedule whose provider was deleted cannot run until it gets one). */
  providerId: z.string().min(1).optional(),
  paused: z.boolean().optional(),
  /** Whether it runs again after its next run (`x_schedule_update` changing a post's recurrence). */
  repeat: z.boolean().optional(),
  /** A new mark from the profile that owns the schedule (muxd's `x_schedule_update`). */
  mark: ScheduleMark.optional(),
});
export type ScheduleEdit = z.infer<typeof ScheduleEdit>;

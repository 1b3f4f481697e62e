import type { Schedule, ScheduleEdit, ScheduleMark } from '@/shared/protocol/schedules.ts';

/** A task to schedule, as the `schedule` tool validated it (interval in seconds; a repeat count from seed 001). */
export type ScheduleRequest = {
  name: string;
  type: 'cron' | 'interval';
  cron?: string;
  intervalSeconds?: number;
  repeat: boolean;
  /** Seed 001's count: how many runs in all (null: no limit). */
  runs: number | null;
  prompt: string;
  playbook: string | null;
  /** The making profile's own mark on it (muxd's `x_schedule` marks its posts). */
  mark?: ScheduleMark;
};

/**
 * Schedules as a tool makes them: with the conversation's provider and tool profile and
 * the person's time zone, saved, and handed to the scheduler. A request that cannot be
 * scheduled (a cron field out of range, an interval under an hour) comes back as an error
 * the model can correct.
 */
export interface SchedulesPort {
  create(request: ScheduleRequest): Promise<{ schedule: Schedule } | { error: string }>;
  /** Every saved schedule, oldest first. */
  list(): Promise<Schedule[]>;
  /** Applies an edit (the next run recomputed when the timing changes), or says why it cannot be. */
  update(id: string, edit: ScheduleEdit): Promise<{ schedule: Schedule } | { error: string }>;
  /** Deletes a schedule (its past runs' conversations stay). */
  delete(id: string): Promise<void>;
  /** The person's time zone, which new schedules' crons are read in. */
  timeZone(): string;
}

/** A schedules port that makes, changes and lists nothing, saying `reason` (no scheduler in this environment). */
export function unavailableSchedules(reason: string): SchedulesPort {
  return {
    create: async () => ({ error: reason }),
    list: async () => [],
    update: async () => ({ error: reason }),
    delete: () => Promise.reject(new Error(reason)),
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

import type { Schedule } from '../schedules.ts';

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
};

/**
 * Schedules as a tool makes them: with the conversation's provider and tool profile and
 * the person's time zone, saved, and handed to the scheduler. A request that cannot be
 * scheduled (a cron field out of range, an interval under an hour) comes back as an error
 * the model can correct.
 */
export interface SchedulesPort {
  create(request: ScheduleRequest): Promise<{ schedule: Schedule } | { error: string }>;
}

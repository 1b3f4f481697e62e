import { LATE_AFTER_MS, MAX_LISTED_MISSED, type Schedule } from '../protocol/schedules.ts';
import { dueBetween, nextDue } from './schedule-timing.ts';

/** What firing a due schedule does: the instant it runs for, whether late, what is missed, and what comes next. */
export type Firing = {
  dueAt: number;
  late: boolean;
  /** Earlier due instants not run (the app was closed): listed, never run. */
  missed: number[];
  missedTotal: number;
  /** The schedule after this firing (next run, remaining runs, missed list). */
  after: Pick<Schedule, 'nextRunAt' | 'remainingRuns' | 'missed' | 'missedCount'>;
};

/**
 * The firing of a schedule that is due at `now` (its `nextRunAt` has passed), or null
 * when it is not due, paused or finished. After a gap (every tab closed) only the latest
 * due instant runs, marked late; the others are listed as missed. A schedule that does
 * not repeat, or has run its count, has no next run after this one.
 */
export function firingAt(schedule: Schedule, now: number): Firing | null {
  if (schedule.paused || schedule.nextRunAt === null || schedule.nextRunAt > now) return null;
  const { instants, total } = dueBetween(schedule, schedule.createdAt, schedule.nextRunAt, now);
  const dueAt = instants.at(-1) ?? schedule.nextRunAt;
  const missed = instants.slice(0, -1);
  const late = now - dueAt >= LATE_AFTER_MS;
  const remainingRuns = schedule.remainingRuns === null ? null : Math.max(0, schedule.remainingRuns - 1);
  const isOver = !schedule.repeat || remainingRuns === 0;
  return {
    dueAt,
    late,
    missed,
    missedTotal: total - 1,
    after: {
      nextRunAt: isOver ? null : nextDue(schedule, schedule.createdAt, Math.max(now, dueAt)),
      remainingRuns,
      missed: [...schedule.missed, ...missed].slice(-MAX_LISTED_MISSED),
      missedCount: schedule.missedCount + total - 1,
    },
  };
}

/** A firing asked for by the person ("Run now"): now, not late, nothing missed, the timetable unchanged. */
export function firingNow(schedule: Schedule, now: number): Firing {
  return {
    dueAt: now,
    late: false,
    missed: [],
    missedTotal: 0,
    after: {
      nextRunAt: schedule.nextRunAt,
      remainingRuns: schedule.remainingRuns,
      missed: schedule.missed,
      missedCount: schedule.missedCount,
    },
  };
}

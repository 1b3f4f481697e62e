import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { Schedule, ScheduleRunOutcome } from '@/shared/protocol/schedules.ts';
import type { ScheduleMeta } from '@/shared/protocol/tool-meta/schedule-meta.ts';
import { localTime, scheduleInWords } from '@/shared/schedules/schedule-words.ts';

/** What the panel says plainly about when schedules can fire. */
export const SCHEDULES_NOTE =
  'Schedules run only while Sandpiper is open in a tab or as the installed app (keep a pinned tab). Where the browser allows (installed app in Chromium), Sandpiper also checks for due schedules in the background and notifies you.';

/** A status tone (the chip colours): colour only ever means status. */
export type Tone = 'pending' | 'active' | 'success' | 'asking' | 'error';

export const OUTCOME_LABEL: Record<ScheduleRunOutcome, string> = {
  running: 'Running',
  done: 'Done',
  asking: 'Waiting for your reply',
  stopped: 'Stopped',
  failed: 'Failed',
};

export const OUTCOME_TONE: Record<ScheduleRunOutcome, Tone> = {
  running: 'active',
  done: 'success',
  asking: 'asking',
  stopped: 'pending',
  failed: 'error',
};

/** "Cron" or "Interval". */
export function scheduleTypeLabel(schedule: Pick<Schedule, 'type'>): string {
  return schedule.type === 'cron' ? 'Cron' : 'Interval';
}

/** The next run for people: "Paused", "Finished" (no next run), or the instant in local time. */
export function nextRunText(
  schedule: Pick<Schedule, 'paused' | 'nextRunAt'>,
  format: (instant: number) => string = localTime,
): string {
  if (schedule.nextRunAt === null) return 'Finished';
  if (schedule.paused) return 'Paused';
  return format(schedule.nextRunAt);
}

/** "3 runs missed while Sandpiper was closed", or null when none was. */
export function missedText(schedule: Pick<Schedule, 'missedCount'>): string | null {
  if (schedule.missedCount === 0) return null;
  return `${schedule.missedCount} run${schedule.missedCount === 1 ? '' : 's'} missed while Sandpiper was closed`;
}

/** The conversations a schedule started, newest first (by when each was due, then made). */
export function runsOf(scheduleId: string, conversations: readonly Conversation[]): Conversation[] {
  return conversations
    .filter((conversation) => conversation.scheduled?.scheduleId === scheduleId)
    .sort(
      (first, second) =>
        (second.scheduled?.dueAt ?? 0) - (first.scheduled?.dueAt ?? 0) || second.createdAt - first.createdAt,
    );
}

/** What a `schedule` action recorded, for when its schedule is gone (or not made yet). */
export type RecordedSchedule = {
  name: string;
  type: Schedule['type'];
  words: string;
  /** When it was made (null: unknown). */
  createdAt: number | null;
  /** The action made a schedule (its meta has an id). */
  isStored: boolean;
};

/** The facts of a `schedule` action from its meta, falling back on the call's arguments. */
export function recordedSchedule(
  meta: Partial<ScheduleMeta>,
  callArguments: Record<string, unknown>,
): RecordedSchedule {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const type = meta.type ?? (callArguments.type === 'interval' ? 'interval' : 'cron');
  const interval =
    meta.interval ?? (typeof callArguments.interval === 'number' ? callArguments.interval : undefined);
  const repeat = meta.repeat ?? callArguments.repeat;
  const createdAt = Date.parse(meta.created_at ?? '');
  return {
    name: meta.name ?? text(callArguments.name) ?? '',
    type,
    words: scheduleInWords({
      type,
      cron: meta.cron ?? text(callArguments.cron),
      intervalSeconds: interval,
      repeat: typeof repeat === 'number' ? repeat > 1 : repeat !== false,
      remainingRuns: typeof repeat === 'number' && repeat > 1 ? repeat : null,
    }),
    createdAt: Number.isNaN(createdAt) ? null : createdAt,
    isStored: meta.id !== undefined,
  };
}

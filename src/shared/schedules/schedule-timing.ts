import { Cron } from 'croner';
import { MAX_LISTED_MISSED, type Schedule } from '../protocol/schedules.ts';

/** The six fields of seed 000's cron format, seconds first, with their ranges. */
const CRON_FIELDS = [
  'seconds (0-59)',
  'minutes (0-59)',
  'hours (0-23)',
  'day of month (1-31)',
  'month (1-12)',
  'day of week (0-6, 0 = Sunday)',
] as const;

/** croner's names for the fields, in its error messages. */
const CRONER_FIELD_NAMES: Record<string, number> = {
  second: 0,
  minute: 1,
  hour: 2,
  day: 3,
  dayofmonth: 3,
  month: 4,
  dayofweek: 5,
};

/** The local time zone of this browser (IANA name). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** True when `timeZone` is an IANA zone this platform knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A 6-field cron expression (seconds first) read in `timeZone`, or an error that says
 * which field is wrong and why. croner (6-part mode, DST-aware) does the reading; an
 * expression that never fires (30 February) is refused too.
 */
export function parseCron(expression: string, timeZone: string): { cron: Cron } | { error: string } {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 6) {
    const hint =
      fields.length === 5
        ? ' It has 5: add the seconds first (e.g. "0 0 9 * * 1" for Mondays at 09:00).'
        : ` It has ${fields.length}.`;
    return { error: `A cron expression needs 6 fields: ${CRON_FIELDS.join(', ')}.${hint}` };
  }
  if (!isKnownTimeZone(timeZone)) return { error: `"${timeZone}" is not a known time zone.` };
  let cron: Cron;
  try {
    cron = new Cron(fields.join(' '), { timezone: timeZone, paused: true, mode: '6-part' });
  } catch (error) {
    return { error: cronError(error, fields) };
  }
  if (cron.nextRun(new Date(0)) === null)
    return { error: `"${expression.trim()}" never fires (no date matches every field).` };
  return { cron };
}

function cronError(error: unknown, fields: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const named = /for (\w+)/i.exec(message)?.[1]?.toLowerCase();
  const index = named === undefined ? undefined : CRONER_FIELD_NAMES[named];
  if (index !== undefined)
    return `The ${CRON_FIELDS[index]} field "${fields[index]}" is not valid (${message.replace(/^CronPattern:\s*/, '')}).`;
  return `The cron expression is not valid: ${message.replace(/^CronPattern:\s*/, '')}.`;
}

/**
 * The first instant strictly after `after` (ms) at which the schedule is due, or null
 * when it never is again: a cron's next match in its time zone; an interval's next
 * multiple of its length counted from `anchor` (when it was made).
 */
export function nextDue(
  schedule: Pick<Schedule, 'type' | 'cron' | 'intervalSeconds' | 'timeZone'>,
  anchor: number,
  after: number,
): number | null {
  if (schedule.type === 'interval') {
    const length = (schedule.intervalSeconds ?? 0) * 1000;
    if (length <= 0) return null;
    const steps = Math.max(1, Math.floor((after - anchor) / length) + 1);
    return anchor + steps * length;
  }
  const parsed = parseCron(schedule.cron ?? '', schedule.timeZone);
  if ('error' in parsed) return null;
  return parsed.cron.nextRun(new Date(after))?.getTime() ?? null;
}

/**
 * The instants a schedule was due from `from` (inclusive) up to `until` (inclusive), in
 * order, at most `limit` of the latest (a catch-up runs the last one and lists the rest).
 */
export function dueBetween(
  schedule: Pick<Schedule, 'type' | 'cron' | 'intervalSeconds' | 'timeZone'>,
  anchor: number,
  from: number,
  until: number,
  limit = MAX_LISTED_MISSED + 1,
): { instants: number[]; total: number } {
  const instants: number[] = [];
  let total = 0;
  let next: number | null = from;
  // `from` itself was due (it is the stored next run); later ones come from the rule.
  while (next !== null && next <= until && total < 100_000) {
    instants.push(next);
    if (instants.length > limit) instants.shift();
    total += 1;
    next = nextDue(schedule, anchor, next);
  }
  return { instants, total };
}

import cronstrue from 'cronstrue';
import type { Schedule } from '../protocol/schedules.ts';

/** A cron expression in words ("At 09:00, only on Monday"), or the expression itself if it cannot be read. */
export function cronInWords(expression: string): string {
  try {
    return cronstrue.toString(expression, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return expression;
  }
}

/** An interval in words: "Every 2 hours", "Every 90 minutes", "Every day". */
export function intervalInWords(seconds: number): string {
  const units: [number, string][] = [
    [7 * 86_400, 'week'],
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds % size === 0) {
      const count = seconds / size;
      return count === 1 ? `Every ${unit}` : `Every ${count} ${unit}s`;
    }
  }
  return `Every ${seconds} seconds`;
}

/** When a schedule runs, in words, with "once" for one that does not repeat. */
export function scheduleInWords(
  schedule: Pick<Schedule, 'type' | 'cron' | 'intervalSeconds' | 'repeat' | 'remainingRuns'>,
): string {
  const rule =
    schedule.type === 'cron'
      ? cronInWords(schedule.cron ?? '')
      : intervalInWords(schedule.intervalSeconds ?? 0);
  if (!schedule.repeat) return `Once: ${lowerFirst(rule)}`;
  if (schedule.remainingRuns !== null)
    return `${rule} (${schedule.remainingRuns} more run${schedule.remainingRuns === 1 ? '' : 's'})`;
  return rule;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** An instant as local date and time in `timeZone` ("Mon, 30 Nov 2026, 09:00"), for people. */
export function localTime(instant: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}

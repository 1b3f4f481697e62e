import type { XPostRecurrence } from './x-post-mark.ts';

/** When a post is wanted: an instant (RFC3339) or a time of day in the person's zone (`HH:MM`). */
export type PostTime = { kind: 'instant'; at: number } | { kind: 'clock'; hour: number; minute: number };

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const CLOCK = /^(\d{1,2}):(\d{2})$/;
/** A cron has no year: a single post further ahead than this could fire a year early. */
const MAX_AHEAD_MS = 364 * 86_400_000;

/** muxd's `ParseTweetScheduleTime` reading: RFC3339 or `HH:MM`; its error text otherwise. */
export function parsePostTime(raw: string): PostTime | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: 'time is required' };
  if (RFC3339.test(text)) {
    const at = Date.parse(text.toUpperCase());
    if (!Number.isNaN(at)) return { kind: 'instant', at };
  }
  const clock = CLOCK.exec(text);
  if (clock) {
    const hour = Number(clock[1]);
    const minute = Number(clock[2]);
    if (hour <= 23 && minute <= 59) return { kind: 'clock', hour, minute };
  }
  return { error: `invalid time "${text}" (use RFC3339 or HH:MM)` };
}

/** The wall clock of `instant` in `timeZone`. */
export function wallClock(
  instant: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** `instant` as RFC3339 in `timeZone`, with its offset (`2026-11-23T18:30:00+01:00`). */
export function rfc3339In(instant: number, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offsetMinutes = Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset =
    offsetMinutes === 0
      ? 'Z'
      : `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${offset}`;
}

/**
 * The 6-field cron (read in `timeZone`) and repeat flag of a post at `time` with
 * `recurrence`: once → that minute (an instant's date, or the next `HH:MM`), a single
 * run; daily → `0 MM HH * * *`; hourly → `0 MM * * * *`. A single post in the past or
 * more than a year ahead is refused.
 */
export function postTiming(
  time: PostTime,
  recurrence: XPostRecurrence,
  timeZone: string,
  now: number,
): { cron: string; repeat: boolean } | { error: string } {
  const clock =
    time.kind === 'clock'
      ? { hour: time.hour, minute: time.minute, second: 0 }
      : wallClock(time.at, timeZone);
  if (recurrence === 'hourly') return { cron: `0 ${clock.minute} * * * *`, repeat: true };
  if (recurrence === 'daily') return { cron: `0 ${clock.minute} ${clock.hour} * * *`, repeat: true };
  if (time.kind === 'clock') return { cron: `0 ${clock.minute} ${clock.hour} * * *`, repeat: false };
  if (time.at <= now) return { error: `time ${rfc3339In(time.at, timeZone)} is in the past` };
  if (time.at - now > MAX_AHEAD_MS) return { error: 'time must be within the next year' };
  const date = wallClock(time.at, timeZone);
  return { cron: `${date.second} ${date.minute} ${date.hour} ${date.day} ${date.month} *`, repeat: false };
}

/** muxd's recurrence check: the lower-cased value, `once` when empty, or its error text. */
export function parseRecurrence(raw: string | undefined): XPostRecurrence | { error: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return 'once';
  if (value === 'once' || value === 'daily' || value === 'hourly') return value;
  return { error: 'recurrence must be one of: once, daily, hourly' };
}

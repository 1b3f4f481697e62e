import { MIN_INTERVAL_SECONDS, type Schedule, type ScheduleEdit } from '@/shared/protocol/schedules.ts';
import { isKnownTimeZone, nextDue, parseCron } from '@/shared/schedules/schedule-timing.ts';
import { cronInWords, intervalInWords } from '@/shared/schedules/schedule-words.ts';

/** The edit dialog's fields as typed (the time is a cron text or a number of hours, by the schedule's type). */
export type ScheduleForm = {
  name: string;
  type: Schedule['type'];
  cron: string;
  intervalHours: string;
  prompt: string;
  timeZone: string;
  /** A saved provider's id ('' when the schedule has none, or its provider was deleted). */
  providerId: string;
};

export type ScheduleFormField = 'name' | 'cron' | 'intervalHours' | 'prompt' | 'timeZone' | 'providerId';

/** What the time fields say: the rule in words and the next instant, or which field is wrong. */
export type TimingPreview =
  | { ok: true; words: string; next: number | null }
  | { ok: false; field: ScheduleFormField; message: string };

export type ScheduleFormResult =
  | { ok: true; edit: ScheduleEdit }
  | { ok: false; field: ScheduleFormField; message: string };

/** The form filled from a schedule as it is. */
export function formFromSchedule(schedule: Schedule): ScheduleForm {
  return {
    name: schedule.name,
    type: schedule.type,
    cron: schedule.cron ?? '',
    intervalHours: schedule.intervalSeconds === undefined ? '' : String(schedule.intervalSeconds / 3600),
    prompt: schedule.prompt,
    timeZone: schedule.timeZone,
    providerId: schedule.providerId ?? '',
  };
}

/** Hours as typed, in whole seconds (at least an hour), or why not. */
function intervalSecondsOf(text: string): { seconds: number } | { error: string } {
  const hours = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(hours))
    return { error: 'Give the interval in hours (e.g. 24).' };
  const seconds = Math.round(hours * 3600);
  if (seconds < MIN_INTERVAL_SECONDS) return { error: 'The interval must be at least 1 hour.' };
  return { seconds };
}

/**
 * Reads the form's time as the worker would: a cron in the form's time zone (croner,
 * 6 fields) or an interval of at least an hour counted from when the schedule was made.
 * `next` is the first instant after `now` (null when it never comes).
 */
export function timingPreview(form: ScheduleForm, anchor: number, now: number): TimingPreview {
  if (!isKnownTimeZone(form.timeZone.trim()))
    return { ok: false, field: 'timeZone', message: `"${form.timeZone.trim()}" is not a known time zone.` };
  const timeZone = form.timeZone.trim();
  if (form.type === 'cron') {
    const parsed = parseCron(form.cron, timeZone);
    if ('error' in parsed) return { ok: false, field: 'cron', message: parsed.error };
    const cron = form.cron.trim().split(/\s+/).join(' ');
    return {
      ok: true,
      words: cronInWords(cron),
      next: nextDue({ type: 'cron', cron, timeZone }, anchor, now),
    };
  }
  const interval = intervalSecondsOf(form.intervalHours);
  if ('error' in interval) return { ok: false, field: 'intervalHours', message: interval.error };
  return {
    ok: true,
    words: intervalInWords(interval.seconds),
    next: nextDue({ type: 'interval', intervalSeconds: interval.seconds, timeZone }, anchor, now),
  };
}

/**
 * Checks the form against the schedule and returns only what changed as a `ScheduleEdit`
 * (empty when nothing did), or the first field that is wrong and why.
 */
export function validateScheduleForm(
  form: ScheduleForm,
  schedule: Schedule,
  providerIds: readonly string[],
): ScheduleFormResult {
  const name = form.name.trim();
  if (name === '') return { ok: false, field: 'name', message: 'Give the schedule a name.' };
  if (name.length > 200)
    return { ok: false, field: 'name', message: 'The name is too long (200 characters at most).' };
  const timing = timingPreview(form, schedule.createdAt, Date.now());
  if (!timing.ok) return timing;
  const prompt = form.prompt.trim();
  if (prompt === '') return { ok: false, field: 'prompt', message: 'Say what the schedule should do.' };
  if (prompt.length > 20_000) return { ok: false, field: 'prompt', message: 'The prompt is too long.' };
  if (form.providerId !== '' && !providerIds.includes(form.providerId))
    return { ok: false, field: 'providerId', message: 'That provider no longer exists: choose another.' };

  const edit: ScheduleEdit = {};
  if (name !== schedule.name) edit.name = name;
  if (prompt !== schedule.prompt) edit.prompt = prompt;
  const timeZone = form.timeZone.trim();
  if (timeZone !== schedule.timeZone) edit.timeZone = timeZone;
  if (form.type === 'cron') {
    const cron = form.cron.trim().split(/\s+/).join(' ');
    if (cron !== schedule.cron) edit.cron = cron;
  } else {
    const interval = intervalSecondsOf(form.intervalHours);
    if ('seconds' in interval && interval.seconds !== schedule.intervalSeconds)
      edit.intervalSeconds = interval.seconds;
  }
  if (form.providerId !== '' && form.providerId !== schedule.providerId) edit.providerId = form.providerId;
  return { ok: true, edit };
}

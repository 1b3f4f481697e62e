import type { Schedule } from '@/shared/protocol/schedules.ts';
import { type XPostSchedule, xPostOf } from './x-post-mark.ts';
import { rfc3339In } from './x-schedule-timing.ts';

/** A scheduled X post: a schedule with its post read from its mark (a view; never saved). */
export type XPostEntry = Schedule & { xPost: XPostSchedule };

/** How a scheduled post stands, as `x_schedule_list` shows it. */
export type XPostStatus = 'pending' | 'paused' | 'running' | 'completed' | 'failed';

/** The schedule's name: `X post: ` and the first 40 code points of the text. */
export function xPostName(text: string): string {
  return `X post: ${[...text].slice(0, 40).join('').trimEnd()}`;
}

/** The 8-character ID prefix muxd shows. */
export function idPrefix(id: string): string {
  return id.slice(0, 8);
}

/** The scheduled X posts among `schedules`, each with its post read from its mark. */
export function xPostsOf(schedules: readonly Schedule[]): XPostEntry[] {
  return schedules.flatMap((schedule) => {
    const xPost = xPostOf(schedule);
    return xPost ? [{ ...schedule, xPost }] : [];
  });
}

/** A post's status: paused, running (its run going on), pending (a next run), or how its last run ended. */
export function xPostStatus(schedule: Schedule): XPostStatus {
  if (schedule.lastRun?.outcome === 'running') return 'running';
  if (schedule.nextRunAt !== null) return schedule.paused ? 'paused' : 'pending';
  return schedule.lastRun?.outcome === 'failed' ? 'failed' : 'completed';
}

/**
 * The scheduled X post `id` names: its full id or a prefix (8 characters, as listed); an
 * error text when none or several match.
 */
export function findXPost(schedules: readonly Schedule[], id: string): XPostEntry | { error: string } {
  const wanted = id.trim().toLowerCase();
  if (wanted === '') return { error: 'id is required' };
  const posts = xPostsOf(schedules);
  const exact = posts.find((schedule) => schedule.id.toLowerCase() === wanted);
  if (exact) return exact;
  const matches =
    wanted.length >= 4 ? posts.filter((schedule) => schedule.id.toLowerCase().startsWith(wanted)) : [];
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length > 1)
    return {
      error: `ID prefix "${id.trim()}" matches ${matches.length} scheduled X posts; give more of the ID`,
    };
  const other = schedules.some(
    (schedule) => schedule.id.toLowerCase().startsWith(wanted) && !xPostOf(schedule),
  );
  return {
    error: other
      ? `"${id.trim()}" is a scheduled task, not a scheduled X post; change it in the Schedules panel`
      : `scheduled X post "${id.trim()}" not found (x_schedule_list shows their IDs)`,
  };
}

/** When the post goes out next (or last went out), as RFC3339 in its schedule's zone. */
export function xPostTime(schedule: Schedule): string {
  const at = schedule.nextRunAt ?? schedule.lastRun?.dueAt ?? null;
  return at === null ? 'never' : rfc3339In(at, schedule.timeZone);
}

/** muxd's list line: `N. [id8] "text preview…" — time (recurrence) [status]`, the preview 60 code points. */
export function xPostLine(schedule: XPostEntry, index: number): string {
  const points = [...schedule.xPost.text];
  const preview = points.length > 60 ? `${points.slice(0, 60).join('')}...` : schedule.xPost.text;
  return `${index + 1}. [${idPrefix(schedule.id)}] ${JSON.stringify(preview)} — ${xPostTime(schedule)} (${schedule.xPost.recurrence}) [${xPostStatus(schedule)}]`;
}

/** Schedules run only while the app is open: what every scheduling answer reminds. */
export const WHILE_OPEN_NOTE =
  'Scheduled posts go out while Sandpiper is open in a tab or as the installed app; one due while it is closed goes out late, when it next opens. Each run is a new conversation that posts the text with x_post.';

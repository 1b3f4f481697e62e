import { z } from 'zod';
import type { Schedule, ScheduleEdit, ScheduleMark } from '@/shared/protocol/schedules.ts';
import { tweetTextError } from './x-common.ts';

/** Whose mark a scheduled X post carries: muxd's (the profile's id). */
export const X_POST_MARK_OWNER = 'muxd';

/** How often a scheduled X post goes out (`x_schedule`'s recurrences). */
export const XPostRecurrence = z.enum(['once', 'daily', 'hourly']);
export type XPostRecurrence = z.infer<typeof XPostRecurrence>;

/** What marks a schedule as a scheduled X post (`x_schedule`): the text its run posts with `x_post`. */
export const XPostSchedule = z.object({
  text: z.string().min(1).max(2000),
  recurrence: XPostRecurrence,
});
export type XPostSchedule = z.infer<typeof XPostSchedule>;

/** The mark `x_schedule` puts on the schedule of a post. */
export function xPostMark(post: XPostSchedule): ScheduleMark {
  return { owner: X_POST_MARK_OWNER, data: post };
}

/** The scheduled X post a schedule's mark says it is (undefined: not one, or a mark that fails the schema). */
export function xPostOf(schedule: Pick<Schedule, 'mark'>): XPostSchedule | undefined {
  if (schedule.mark?.owner !== X_POST_MARK_OWNER) return undefined;
  const parsed = XPostSchedule.safeParse(schedule.mark.data);
  return parsed.success ? parsed.data : undefined;
}

/** What the scheduled run is told: post exactly this text with `x_post`, and nothing else. */
export function xPostPrompt(text: string): string {
  return `Post the text below on X with the \`x_post\` tool, exactly as it is (do not change, shorten or add to it), once, and do nothing else; then report the tweet's URL, or the error if posting failed.\n\n${text}`;
}

const PROMPT_PREAMBLE = xPostPrompt('');
const HOURLY = /^0 \d{1,2} \* \* \* \*$/;
const DAILY = /^0 \d{1,2} \d{1,2} \* \* \*$/;

/** The recurrence a schedule's timing is, in `x_schedule`'s terms (null: none of them). */
function recurrenceOf(schedule: Schedule): XPostRecurrence | null {
  if (schedule.type !== 'cron' || schedule.cron === null || schedule.cron === undefined) return null;
  if (!schedule.repeat) return 'once';
  if (HOURLY.test(schedule.cron)) return 'hourly';
  if (DAILY.test(schedule.cron)) return 'daily';
  return null;
}

/**
 * A scheduled X post's mark after a person's edit in the Schedules panel, which changes
 * the schedule's prompt and timing, not the mark: the post's text is read back from the
 * prompt and its recurrence from the timing, so `x_schedule_list` shows what will run.
 * Undefined when the schedule is no longer an X post in `x_schedule`'s terms (a prompt of
 * the person's own, or a timing none of once, daily and hourly): it is then a scheduled
 * task like any other, and the X tools leave it to the panel.
 */
export function xPostMarkAfterEdit(schedule: Schedule): XPostSchedule | undefined {
  if (!xPostOf(schedule)) return undefined;
  if (!schedule.prompt.startsWith(PROMPT_PREAMBLE)) return undefined;
  // As `x_schedule` keeps it: trimmed, and a text `x_post` would post.
  const text = schedule.prompt.slice(PROMPT_PREAMBLE.length).trim();
  if (tweetTextError(text) !== null) return undefined;
  const recurrence = recurrenceOf(schedule);
  if (recurrence === null) return undefined;
  return { text, recurrence };
}

/**
 * The schedule service's hook for a person's edit (wired in by the runtime): an edit of a
 * scheduled X post's prompt or timing carries no mark, so the mark is read back from what
 * was edited, or dropped when the schedule is no longer an X post. `edited` has its
 * timing normalised already.
 */
export function reconcileXPostEdit(current: Schedule, edited: Schedule, edit: ScheduleEdit): Schedule {
  const touchesPost =
    edit.prompt !== undefined ||
    edit.cron !== undefined ||
    edit.intervalSeconds !== undefined ||
    edit.repeat !== undefined;
  if (!xPostOf(current) || edit.mark !== undefined || !touchesPost) return edited;
  const { mark: _stale, ...rest } = edited;
  const post = xPostMarkAfterEdit(edited);
  return post ? { ...rest, mark: xPostMark(post) } : rest;
}

import type {
  Schedule,
  ScheduleEdit,
  XPostRecurrence,
  XPostSchedule,
} from '../../../../protocol/schedules.ts';
import { tweetTextError } from './x-common.ts';

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
  if (!schedule.xPost) return undefined;
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
  if (!current.xPost || edit.xPost !== undefined || !touchesPost) return edited;
  const { xPost: _stale, ...rest } = edited;
  const mark = xPostMarkAfterEdit(edited);
  return mark ? { ...rest, xPost: mark } : rest;
}

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { ScheduleEdit } from '@/shared/protocol/schedules.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { tweetTextError } from '../../common/x-common.ts';
import { xPostMark, xPostPrompt } from '../../common/x-post-mark.ts';
import { type PostTime, parsePostTime, parseRecurrence, postTiming } from '../../common/x-schedule-timing.ts';
import { findXPost, idPrefix, xPostName, xPostStatus, xPostTime } from '../../common/x-schedules.ts';

/** Seed 004's `x_schedule_update` parameters. */
export const XScheduleUpdateParameters = z.object({
  id: z.string().describe('Scheduled job ID (or 8-char prefix)'),
  text: z.string().optional().describe('New tweet text (max 280 chars)'),
  time: z.string().optional().describe('New schedule time: RFC3339 or `HH:MM`'),
  recurrence: z.string().optional().describe('New recurrence: `once`, `daily`, or `hourly`'),
});

/**
 * `x_schedule_update`: changes a pending (or paused) scheduled post's text, time or
 * recurrence — its schedule's name, prompt, cron and repeat with it. A new recurrence
 * without a new time keeps the time of the next post. muxd's "Updated scheduled tweet ID
 * (fields).", with when it now posts.
 */
export const xScheduleUpdateTool = defineTool({
  name: 'x_schedule_update',
  description: "Update a scheduled X post's text, time, or recurrence.",
  metaKind: null,
  parameters: XScheduleUpdateParameters,
  label: fixedTarget('schedule', 'a post on X'),
  effect: 'schedules',
  execute: async (params, context) => {
    if (params.id.trim() === '') return muxdError('id is required', 'validation');
    const text = params.text?.trim() ?? '';
    const timeText = params.time?.trim() ?? '';
    const recurrenceText = params.recurrence?.trim() ?? '';
    if (text === '' && timeText === '' && recurrenceText === '')
      return muxdError('at least one of text, time, or recurrence must be provided', 'validation');
    if (text !== '') {
      const invalid = tweetTextError(text);
      if (invalid) return muxdError(invalid, 'validation');
    }
    const recurrence = recurrenceText === '' ? null : parseRecurrence(recurrenceText);
    if (recurrence !== null && typeof recurrence !== 'string')
      return muxdError(recurrence.error, 'validation');
    const time = timeText === '' ? null : parsePostTime(timeText);
    if (time !== null && 'error' in time) return muxdError(time.error, 'validation');

    const found = findXPost(await context.schedules.list(), params.id);
    if ('error' in found) return muxdError(found.error, 'validation');
    const status = xPostStatus(found);
    if (status !== 'pending' && status !== 'paused')
      return muxdError(
        `scheduled X post ${idPrefix(found.id)} is ${status}, not pending; only pending posts can be updated`,
        'rejected',
      );
    const newText = text === '' ? found.xPost.text : text;
    const newRecurrence = recurrence ?? found.xPost.recurrence;
    const edit: ScheduleEdit = { mark: xPostMark({ text: newText, recurrence: newRecurrence }) };
    if (text !== '') Object.assign(edit, { name: xPostName(newText), prompt: xPostPrompt(newText) });
    if (time !== null || recurrence !== null) {
      const at: PostTime = time ?? { kind: 'instant', at: found.nextRunAt ?? context.now() };
      const timing = postTiming(at, newRecurrence, found.timeZone, context.now());
      if ('error' in timing) return muxdError(timing.error, 'validation');
      Object.assign(edit, timing);
    }
    const updated = await context.schedules.update(found.id, edit);
    if ('error' in updated) return muxdError(updated.error);
    const parts = [
      text !== '' && 'text',
      time !== null && 'time',
      recurrence !== null && 'recurrence',
    ].filter((part): part is string => typeof part === 'string');
    const when = xPostTime(updated.schedule);
    return {
      status: 'success',
      content: `Updated scheduled tweet ${idPrefix(found.id)} (${parts.join(', ')}). It posts next at ${when} (${newRecurrence}).`,
      meta: { id: found.id, updated: parts, next_run_at: when, recurrence: newRecurrence },
    };
  },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { tweetTextError } from '../../common/x-common.ts';
import { xPostMark, xPostPrompt } from '../../common/x-post-mark.ts';
import { parsePostTime, parseRecurrence, postTiming, rfc3339In } from '../../common/x-schedule-timing.ts';
import { WHILE_OPEN_NOTE, xPostName } from '../../common/x-schedules.ts';

/** Seed 004's `x_schedule` parameters. */
export const XScheduleParameters = z.object({
  text: z.string().describe('Tweet text (max 280 chars)'),
  time: z.string().describe('RFC3339 or `HH:MM` local time'),
  recurrence: z.string().optional().describe('`once`, `daily`, or `hourly`'),
});

/**
 * `x_schedule`: a schedule (Sandpiper's scheduler, in the person's time zone) whose run
 * posts the text with `x_post`, marked as an X post; muxd's "Scheduled tweet ID for TIME
 * (recurrence)". A missing X setup does not stop it, but the answer says the posts will
 * fail until it is done.
 */
export const xScheduleTool = defineTool({
  name: 'x_schedule',
  description: 'Schedule a tweet for later posting.',
  metaKind: null,
  parameters: XScheduleParameters,
  label: fixedTarget('schedule', 'a post on X'),
  effect: 'schedules',
  execute: async (params, context) => {
    const text = params.text.trim();
    const invalid = tweetTextError(text);
    if (invalid) return muxdError(invalid, 'validation');
    if (params.time.trim() === '') return muxdError('time is required', 'validation');
    const recurrence = parseRecurrence(params.recurrence);
    if (typeof recurrence !== 'string') return muxdError(recurrence.error, 'validation');
    const time = parsePostTime(params.time);
    if ('error' in time) return muxdError(time.error, 'validation');
    const timeZone = context.schedules.timeZone();
    const timing = postTiming(time, recurrence, timeZone, context.now());
    if ('error' in timing) return muxdError(timing.error, 'validation');
    const created = await context.schedules.create({
      name: xPostName(text),
      type: 'cron',
      cron: timing.cron,
      repeat: timing.repeat,
      runs: null,
      prompt: xPostPrompt(text),
      playbook: null,
      mark: xPostMark({ text, recurrence }),
    });
    if ('error' in created) return muxdError(created.error);
    const { schedule } = created;
    const when = schedule.nextRunAt === null ? 'never' : rfc3339In(schedule.nextRunAt, schedule.timeZone);
    const setup = await context.x.setupProblem();
    const warning = setup ? `\nWarning: the post will fail until X is set up. ${setup}` : '';
    return {
      status: 'success',
      content: `Scheduled tweet ${schedule.id} for ${when} (${recurrence})\n${WHILE_OPEN_NOTE}${warning}`,
      meta: {
        id: schedule.id,
        next_run_at: when,
        recurrence,
        cron: timing.cron,
        time_zone: schedule.timeZone,
      },
    };
  },
});

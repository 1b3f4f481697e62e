import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { xPostLine, xPostStatus, xPostsOf } from '../../common/x-schedules.ts';

/** Seed 004's `x_schedule_list` parameters. */
export const XScheduleListParameters = z.object({
  limit: z.number().int().optional().describe('Maximum number of items to return (default: 20)'),
});

/**
 * `x_schedule_list`: the scheduled X posts still to go out (pending, paused, running) and
 * those whose last run failed, soonest first, at most `limit`; muxd's numbered lines, or
 * "No scheduled X posts.".
 */
export const xScheduleListTool = defineTool({
  name: 'x_schedule_list',
  description: 'List pending scheduled X posts from the queue.',
  metaKind: null,
  parameters: XScheduleListParameters,
  hasSideEffects: false,
  label: fixedTarget('check', 'the scheduled posts'),
  effect: 'reads',
  execute: async (params, context) => {
    const limit = params.limit !== undefined && params.limit > 0 ? params.limit : 20;
    const posts = xPostsOf(await context.schedules.list())
      .filter((schedule) => xPostStatus(schedule) !== 'completed')
      .sort((a, b) => (a.nextRunAt ?? Number.MAX_SAFE_INTEGER) - (b.nextRunAt ?? Number.MAX_SAFE_INTEGER))
      .slice(0, limit);
    return {
      status: 'success',
      content: posts.length === 0 ? 'No scheduled X posts.' : posts.map(xPostLine).join('\n'),
      meta: { count: posts.length },
    };
  },
});

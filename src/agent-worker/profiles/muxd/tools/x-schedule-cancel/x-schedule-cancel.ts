import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { findXPost, idPrefix, xPostStatus } from '../../common/x-schedules.ts';

/** Seed 004's `x_schedule_cancel` parameters. */
export const XScheduleCancelParameters = z.object({
  id: z.string().describe('Scheduled job ID (or 8-char prefix)'),
});

/**
 * `x_schedule_cancel`: deletes the scheduled post's schedule (a pending, paused or failed
 * one; its past runs' conversations stay); muxd's "Cancelled scheduled tweet ID.", saying
 * that the schedule was deleted.
 */
export const xScheduleCancelTool = defineTool({
  name: 'x_schedule_cancel',
  description: 'Cancel a scheduled X post by ID.',
  metaKind: null,
  parameters: XScheduleCancelParameters,
  label: fixedTarget('cancel', 'a scheduled post'),
  effect: 'schedules',
  execute: async (params, context) => {
    if (params.id.trim() === '') return muxdError('id is required', 'validation');
    const found = findXPost(await context.schedules.list(), params.id);
    if ('error' in found) return muxdError(found.error, 'validation');
    const status = xPostStatus(found);
    if (status === 'completed' || status === 'running')
      return muxdError(
        `scheduled X post ${idPrefix(found.id)} is ${status}; only pending or failed posts can be cancelled`,
        'rejected',
      );
    await context.schedules.delete(found.id);
    return {
      status: 'success',
      content: `Cancelled scheduled tweet ${idPrefix(found.id)}. Its schedule was deleted, so it will not post.`,
      meta: { id: found.id, previous_status: status },
    };
  },
});

import type { Tool } from '../../toolkit/define-tool.ts';
import { xMentionsTool } from './tools/x-mentions/x-mentions.ts';
import { xPostTool } from './tools/x-post/x-post.ts';
import { xReplyTool } from './tools/x-reply/x-reply.ts';
import { xScheduleTool } from './tools/x-schedule/x-schedule.ts';
import { xScheduleCancelTool } from './tools/x-schedule-cancel/x-schedule-cancel.ts';
import { xScheduleListTool } from './tools/x-schedule-list/x-schedule-list.ts';
import { xScheduleUpdateTool } from './tools/x-schedule-update/x-schedule-update.ts';
import { xSearchTool } from './tools/x-search/x-search.ts';

export {
  xMentionsTool,
  xPostTool,
  xReplyTool,
  xScheduleCancelTool,
  xScheduleListTool,
  xScheduleTool,
  xScheduleUpdateTool,
  xSearchTool,
};

/** muxd's Social tools (seed 004), in its order: post, search, mentions, reply, then the scheduled posts. */
export const MUXD_X_TOOLS: readonly Tool[] = [
  xPostTool,
  xSearchTool,
  xMentionsTool,
  xReplyTool,
  xScheduleTool,
  xScheduleListTool,
  xScheduleUpdateTool,
  xScheduleCancelTool,
];

import type { Tool } from '../define-tool.ts';
import { xMentionsTool } from './x-mentions.ts';
import { xPostTool } from './x-post.ts';
import { xReplyTool } from './x-reply.ts';
import { xScheduleTool } from './x-schedule.ts';
import { xScheduleCancelTool } from './x-schedule-cancel.ts';
import { xScheduleListTool } from './x-schedule-list.ts';
import { xScheduleUpdateTool } from './x-schedule-update.ts';
import { xSearchTool } from './x-search.ts';

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

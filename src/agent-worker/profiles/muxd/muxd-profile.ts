import { defineProfile } from '../../toolkit/profile.ts';
import { reconcileXPostEdit } from './common/x-post-mark.ts';
import systemPrompt from './system.md?raw';
import { askUserTool } from './tools/ask-user/ask-user.ts';
import { bashTool } from './tools/bash/bash.ts';
import { fileEditTool } from './tools/file-edit/file-edit.ts';
import { fileReadTool } from './tools/file-read/file-read.ts';
import { fileWriteTool } from './tools/file-write/file-write.ts';
import { gitStatusTool } from './tools/git-status/git-status.ts';
import { grepTool } from './tools/grep/grep.ts';
import { listFilesTool } from './tools/list-files/list-files.ts';
import { patchApplyTool } from './tools/patch-apply/patch-apply.ts';
import { planEnterTool } from './tools/plan-enter/plan-enter.ts';
import { planExitTool } from './tools/plan-exit/plan-exit.ts';
import { taskTool } from './tools/task/task.ts';
import { todoReadTool } from './tools/todo-read/todo-read.ts';
import { todoWriteTool } from './tools/todo-write/todo-write.ts';
import { webFetchTool } from './tools/web-fetch/web-fetch.ts';
import { webSearchTool } from './tools/web-search/web-search.ts';
import { MUXD_X_TOOLS } from './x-tools.ts';

/**
 * muxd's agent tools (seed 004) in its order, with its parameters, limits and error
 * texts, over Sandpiper's sandbox, web ports and UI. No forced opening steps (muxd has
 * none). `ask_user` asks; `todo_write` sets the plan the plan panel shows. As in muxd, a
 * reply without a tool call is the final answer and ends the run; no tool plays `result`.
 */
export const muxdProfile = defineProfile({
  id: 'muxd',
  title: 'muxd',
  summary:
    'muxd’s coding-agent tools: file_read/file_write/file_edit, bash, grep, list_files, todos, web, patch_apply, plan mode; a plain-text reply ends the turn.',
  systemPrompt,
  tools: [
    fileReadTool,
    fileWriteTool,
    fileEditTool,
    bashTool,
    grepTool,
    listFilesTool,
    askUserTool,
    todoReadTool,
    todoWriteTool,
    webSearchTool,
    webFetchTool,
    ...MUXD_X_TOOLS,
    gitStatusTool,
    patchApplyTool,
    planEnterTool,
    planExitTool,
    taskTool,
  ],
  openingSteps: [],
  runtimeAsk: { tool: 'ask_user', actionType: 'ask_user', metaKind: null },
  endsOnTextReply: true,
  subAgentExcludedTools: ['task'],
  reconcileScheduleEdit: reconcileXPostEdit,
  notes: {
    noToolCall:
      'Call one tool, or reply to the user in plain text when the work is done (that reply ends your turn).',
    compaction:
      "The context neared the model's window, so older bulky observations now show only an excerpt; each names its full_observation file, which file_read can open when the details are needed again.",
  },
});

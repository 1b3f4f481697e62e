import { gitStatusTool } from '../../tools/git-status.ts';
import { askUserTool } from '../../tools/muxd/ask-user.ts';
import { bashTool } from '../../tools/muxd/bash.ts';
import { fileEditTool } from '../../tools/muxd/file-edit.ts';
import { fileReadTool } from '../../tools/muxd/file-read.ts';
import { fileWriteTool } from '../../tools/muxd/file-write.ts';
import { grepTool } from '../../tools/muxd/grep.ts';
import { listFilesTool } from '../../tools/muxd/list-files.ts';
import { patchApplyTool } from '../../tools/muxd/patch-apply.ts';
import { planEnterTool } from '../../tools/muxd/plan-enter.ts';
import { planExitTool } from '../../tools/muxd/plan-exit.ts';
import { todoReadTool } from '../../tools/muxd/todo-read.ts';
import { todoWriteTool } from '../../tools/muxd/todo-write.ts';
import { webFetchTool } from '../../tools/muxd/web-fetch.ts';
import { webSearchTool } from '../../tools/muxd/web-search.ts';
import { MUXD_X_TOOLS } from '../../tools/muxd-x/index.ts';
import { taskTool } from '../../tools/sub-agent/task.ts';
import { defineProfile } from '../profile.ts';
import { muxdSummaryOf } from './muxd-summaries.ts';
import systemPrompt from './system.md?raw';

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
  roleOf: (call) => (call.tool === 'ask_user' ? 'ask' : call.tool === 'todo_write' ? 'plan' : null),
  summaryOf: muxdSummaryOf,
  runtimeAsk: { tool: 'ask_user', actionType: 'ask_user', metaKind: null },
  endsOnTextReply: true,
  subAgentExcludedTools: ['task'],
  restorableArguments: [
    { actionType: 'file_write', field: 'content', pathField: 'path', verb: 'written to', minChars: 1024 },
    { actionType: 'file_edit', field: 'new_string', pathField: 'path', verb: 'put into', minChars: 2048 },
  ],
  notes: {
    noToolCall:
      'Call one tool, or reply to the user in plain text when the work is done (that reply ends your turn).',
    compaction:
      "The context neared the model's window, so older bulky observations now show only an excerpt; each names its full_observation file, which file_read can open when the details are needed again.",
  },
});

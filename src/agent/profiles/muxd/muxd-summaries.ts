import { actionSummary } from '../../../protocol/action-summary.ts';
import { fixedTarget, type SummaryRule, summariesFrom, withTarget } from '../../toolkit/call-summaries.ts';

/** What each muxd tool does, in the shared verbs (the thread's step labels). */
const MUXD_SUMMARIES: Readonly<Record<string, SummaryRule>> = {
  file_read: withTarget('read', 'path'),
  file_write: withTarget('write', 'path'),
  file_edit: withTarget('edit', 'path'),
  bash: withTarget('run', 'command'),
  grep: withTarget('search_files', 'pattern'),
  list_files: (args) =>
    actionSummary('list_files', typeof args.path === 'string' && args.path ? args.path : '.'),
  ask_user: 'ask',
  todo_read: 'read_plan',
  todo_write: 'plan',
  web_search: withTarget('search_web', 'query'),
  web_fetch: withTarget('open_page', 'url'),
  x_post: withTarget('post', 'text'),
  x_reply: withTarget('post', 'text'),
  x_search: withTarget('search_posts', 'query'),
  x_mentions: fixedTarget('check', 'mentions on X'),
  x_schedule: fixedTarget('schedule', 'a post on X'),
  x_schedule_update: fixedTarget('schedule', 'a post on X'),
  x_schedule_list: fixedTarget('check', 'the scheduled posts'),
  x_schedule_cancel: fixedTarget('cancel', 'a scheduled post'),
  git_status: fixedTarget('check', 'git status'),
  patch_apply: 'apply_patch',
  plan_enter: fixedTarget('enter_mode', 'plan mode'),
  plan_exit: fixedTarget('leave_mode', 'plan mode'),
  task: withTarget('delegate', 'description'),
};

export const muxdSummaryOf = summariesFrom(MUXD_SUMMARIES);

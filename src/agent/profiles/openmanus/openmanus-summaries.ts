import { actionSummary } from '../../../protocol/action-summary.ts';
import { type SummaryRule, summariesFrom, withTarget } from '../../toolkit/call-summaries.ts';

/** `browser_use` actions that act on the page: what the person reads after "Browser:". */
function browserAction(args: Readonly<Record<string, unknown>>) {
  const action = typeof args.action === 'string' ? args.action.replace(/_/g, ' ') : 'act';
  const index = typeof args.index === 'number' ? ` ${args.index}` : '';
  return actionSummary('use_browser', `${action}${index}`);
}

/** What each OpenManus action does, in the shared verbs (the thread's step labels). */
const OPENMANUS_SUMMARIES: Readonly<Record<string, SummaryRule>> = {
  python_execute: () => actionSummary('run_code', 'Python'),
  bash: (args) =>
    args.restart === true
      ? actionSummary('stop_process', 'the bash session')
      : actionSummary('run', args.command),
  'browser_use.go_to_url': withTarget('open_page', 'url'),
  'browser_use.open_tab': withTarget('open_page', 'url'),
  'browser_use.web_search': withTarget('search_web', 'query'),
  'browser_use.extract_content': withTarget('read_page', 'goal'),
  browser_use: browserAction,
  web_search: withTarget('search_web', 'query'),
  crawl4ai: withTarget('open_page', 'url'),
  'str_replace_editor.view': withTarget('read', 'path'),
  'str_replace_editor.create': withTarget('write', 'path'),
  'str_replace_editor.str_replace': withTarget('edit', 'path'),
  'str_replace_editor.insert': withTarget('edit', 'path'),
  'str_replace_editor.undo_edit': withTarget('undo_edit', 'path'),
  'planning.list': 'read_plan',
  'planning.get': 'read_plan',
  planning: 'plan',
  terminate: 'deliver',
  ask_human: 'ask',
  create_chat_completion: 'compose',
  data_visualization: withTarget('chart', 'json_path'),
};

export const openManusSummaryOf = summariesFrom(OPENMANUS_SUMMARIES);

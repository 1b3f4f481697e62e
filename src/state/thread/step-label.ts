import type { z } from 'zod';
import type { ActionSummary, ActionVerb } from '../../protocol/action-summary.ts';
import { type MetaKind, TOOL_META, type ToolMetaOf } from '../../protocol/tool-meta/index.ts';
import { planFieldsOf } from '../../protocol/tool-meta/plan.ts';
import { displayPath, withHomeRelativePaths } from './display-path.ts';
import type { ActionItem } from './thread-reducer.ts';

/** How a label shows what the action acted on. */
export type TargetKind = 'path' | 'code' | 'quote' | 'url' | 'text';

/** What a step acted on, ready to show: a path keeps its file name apart so it is never the part cut. */
export type LabelTarget =
  | { kind: 'path'; directory: string; name: string }
  | { kind: Exclude<TargetKind, 'path'>; text: string };

/**
 * A step row's words: `before` target `after` ("Searched the web for" “notes apps”), and
 * the whole of it as one line (`text`: the tooltip, what a screen reader reads).
 */
export type StepLabel = { before: string; target: LabelTarget | null; after: string; text: string };

/** One verb's words: `{}` stands for the target; the bare forms are used when there is none. */
type Phrase = {
  target: TargetKind | null;
  running: string;
  done: string;
  runningBare: string;
  doneBare: string;
};

/** A verb that acts on nothing named ("Updated the plan"). */
function phrase(target: null, running: string, done: string): Phrase;
/** A verb with a target, and its words for when the target is missing. */
function phrase(target: TargetKind, running: string, done: string, bare: [string, string]): Phrase;
function phrase(target: TargetKind | null, running: string, done: string, bare?: [string, string]): Phrase {
  const [runningBare, doneBare] = bare ?? [running, done];
  return { target, running, done, runningBare, doneBare };
}

/** The words of every verb: what a running (or failed) step says, and what a finished one says. */
export const VERB_PHRASES: Readonly<Record<ActionVerb, Phrase>> = {
  plan: phrase(null, 'Updating the plan', 'Updated the plan'),
  advance_plan: phrase('quote', 'Moving on to {}', 'Moved on to {}', [
    'Moving to the next phase',
    'Moved to the next phase',
  ]),
  read_plan: phrase(null, 'Reading the plan', 'Read the plan'),
  inform: phrase(null, 'Sending an update', 'Sent an update'),
  ask: phrase(null, 'Asking a question', 'Asked a question'),
  deliver: phrase(null, 'Delivering the result', 'Delivered the result'),
  run: phrase('code', 'Running {}', 'Ran {}', ['Running a command', 'Ran a command']),
  run_code: phrase('text', 'Running {} code', 'Ran {} code', ['Running code', 'Ran code']),
  view_terminal: phrase(null, 'Checking the terminal', 'Checked the terminal'),
  wait: phrase(null, 'Waiting for the command', 'Waited for the command'),
  send_input: phrase('code', 'Typing {} into the terminal', 'Typed {} into the terminal', [
    'Typing into the terminal',
    'Typed into the terminal',
  ]),
  stop_process: phrase('text', 'Stopping {}', 'Stopped {}', ['Stopping the command', 'Stopped the command']),
  read: phrase('path', 'Reading {}', 'Read {}', ['Reading a file', 'Read a file']),
  write: phrase('path', 'Writing {}', 'Wrote {}', ['Writing a file', 'Wrote a file']),
  append: phrase('path', 'Appending to {}', 'Appended to {}', ['Appending to a file', 'Appended to a file']),
  edit: phrase('path', 'Editing {}', 'Edited {}', ['Editing a file', 'Edited a file']),
  undo_edit: phrase('path', 'Undoing the last edit to {}', 'Undid the last edit to {}', [
    'Undoing the last edit',
    'Undid the last edit',
  ]),
  apply_patch: phrase(null, 'Applying a patch', 'Applied a patch'),
  list_files: phrase('path', 'Listing {}', 'Listed {}', ['Listing files', 'Listed files']),
  find_files: phrase('code', 'Finding files matching {}', 'Found files matching {}', [
    'Finding files',
    'Found files',
  ]),
  search_files: phrase('code', 'Searching files for {}', 'Searched files for {}', [
    'Searching files',
    'Searched files',
  ]),
  search_web: phrase('quote', 'Searching the web for {}', 'Searched the web for {}', [
    'Searching the web',
    'Searched the web',
  ]),
  search_images: phrase('quote', 'Searching for images of {}', 'Searched for images of {}', [
    'Searching for images',
    'Searched for images',
  ]),
  open_page: phrase('url', 'Opening {}', 'Opened {}', ['Opening a page', 'Opened a page']),
  use_browser: phrase('text', 'Browser: {}', 'Browser: {}', ['Using the browser', 'Used the browser']),
  read_page: phrase('quote', 'Reading the page for {}', 'Read the page for {}', [
    'Reading the page',
    'Read the page',
  ]),
  schedule: phrase('text', 'Scheduling {}', 'Scheduled {}', ['Scheduling a task', 'Scheduled a task']),
  expose_port: phrase('text', 'Exposing port {}', 'Exposed port {}', ['Exposing a port', 'Exposed a port']),
  preview_site: phrase('path', 'Serving {} as a preview', 'Previewed {}', [
    'Serving a preview',
    'Previewed the site',
  ]),
  enter_mode: phrase('text', 'Switching to {}', 'Switched to {}', ['Switching mode', 'Switched mode']),
  leave_mode: phrase('text', 'Leaving {}', 'Left {}', ['Leaving the mode', 'Left the mode']),
  generate_image: phrase('quote', 'Generating an image: {}', 'Generated an image: {}', [
    'Generating an image',
    'Generated an image',
  ]),
  edit_image: phrase('path', 'Editing the image {}', 'Edited the image {}', [
    'Editing an image',
    'Edited an image',
  ]),
  generate_speech: phrase('quote', 'Generating speech: {}', 'Generated speech: {}', [
    'Generating speech',
    'Generated speech',
  ]),
  make_slides: phrase('text', 'Building {}', 'Built {}', ['Building the slides', 'Built the slides']),
  create_project: phrase('text', 'Creating the project {}', 'Created the project {}', [
    'Creating a project',
    'Created a project',
  ]),
  chart: phrase('path', 'Charting {}', 'Charted {}', ['Charting data', 'Charted data']),
  compose: phrase(null, 'Writing a completion', 'Wrote a completion'),
  delegate: phrase('text', 'Delegating: {}', 'Delegated: {}', [
    'Delegating to a sub-agent',
    'Delegated to a sub-agent',
  ]),
  post: phrase('quote', 'Posting {}', 'Posted {}', ['Posting', 'Posted']),
  search_posts: phrase('quote', 'Searching posts for {}', 'Searched posts for {}', [
    'Searching posts',
    'Searched posts',
  ]),
  check: phrase('text', 'Checking {}', 'Checked {}', ['Checking', 'Checked']),
  cancel: phrase('text', 'Cancelling {}', 'Cancelled {}', ['Cancelling', 'Cancelled']),
  use_tool: phrase('text', 'Using {}', 'Used {}', ['Using a tool', 'Used a tool']),
};

/** What `stepLabel` reads of an action. */
export type LabelSource = Pick<
  ActionItem,
  'summary' | 'status' | 'role' | 'metaKind' | 'meta' | 'description' | 'content' | 'tool'
>;

/**
 * A step's label, the way Manus words its steps: "Wrote notes-app/index.html", "Ran `ls -la`",
 * "Searched the web for “notes apps”", "Updated the plan" — in the past once it succeeded,
 * as under way while it runs or when it failed (its status chip says which). The words
 * come from the action's summary (the profile's verb and target); a log from before
 * summaries is read from its role and its meta kind's fields; failing both, the running
 * text with paths relative to the home folder. Never the raw action type.
 */
export function stepLabel(source: LabelSource): StepLabel {
  const summary = servedPreview(source) ?? source.summary ?? summaryFromMeta(source);
  if (!summary) return plainLabel(source);
  const words = VERB_PHRASES[summary.verb];
  const isDone = source.status === 'success';
  const rawTarget = summary.verb === 'advance_plan' ? nextPhaseTitle(source) : summary.target;
  const target = words.target && rawTarget ? labelTarget(words.target, rawTarget) : null;
  if (!target) {
    const text = isDone ? words.doneBare : words.runningBare;
    return { before: text, target: null, after: '', text };
  }
  const [before = '', after = ''] = (isDone ? words.done : words.running).split('{}');
  const shown = target.kind === 'path' ? `${target.directory}${target.name}` : decorated(target);
  return { before: before.trimEnd(), target, after: after.trimStart(), text: `${before}${shown}${after}` };
}

/** A target as the label shows it in plain text (a command in backticks, a query in quotes). */
function decorated(target: Exclude<LabelTarget, { kind: 'path' }>): string {
  if (target.kind === 'code') return `\`${target.text}\``;
  if (target.kind === 'quote') return `“${target.text}”`;
  return target.text;
}

function labelTarget(kind: TargetKind, value: string): LabelTarget {
  if (kind === 'path') return { kind, ...displayPath(value) };
  // A page opened from a file is that file: shown as a path, like a written one.
  const file = kind === 'url' ? filePathOf(value) : null;
  if (file !== null) return { kind: 'path', ...displayPath(file) };
  // A web address keeps its path whole.
  const isWebAddress = kind === 'url' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  return { kind, text: isWebAddress ? value : withHomeRelativePaths(value) };
}

/**
 * The path a `file:` address names (`file:///home/ubuntu/a.html`, `file://localhost/…`,
 * `file:/…`), percent-escapes decoded; `file://notes-app/a.html`, as models write it, is
 * a path from the home folder. Null for any other address.
 */
function filePathOf(address: string): string | null {
  const match = /^file:(?:\/\/(?:localhost(?=\/))?)?(.*)$/is.exec(address.trim());
  if (!match) return null;
  const path = match[1] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** After a phase advance, the title of the phase it moved on to (from the plan in its meta). */
function nextPhaseTitle(source: LabelSource): string | undefined {
  if (source.status !== 'success') return undefined;
  const plan = planFieldsOf(source.meta);
  return plan?.phases.find((phase) => phase.id === plan.current_phase_id)?.title;
}

/**
 * An `expose` whose outcome says nothing listened on the port and it served a workspace
 * site as a preview instead: "Previewed notes-app", whatever summary it ran under (logs
 * recorded before the runtime re-read summaries from outcomes say "Exposed port 8000").
 */
function servedPreview(source: LabelSource): ActionSummary | null {
  if (source.metaKind !== 'expose' || source.status !== 'success') return null;
  if (fieldOf('expose', source.meta, 'exposed') !== false) return null;
  return withTarget('preview_site', fieldOf('expose', source.meta, 'path'));
}

/** For logs from before summaries: the verb the role or the meta's own fields make plain, or null. */
function summaryFromMeta(source: LabelSource): ActionSummary | null {
  switch (source.role) {
    case 'plan':
      return { verb: 'plan' };
    case 'inform':
      return { verb: 'inform' };
    case 'ask':
      return { verb: 'ask' };
    case 'result':
      return { verb: 'deliver' };
    case null:
      break;
  }
  const { meta } = source;
  switch (source.metaKind) {
    case 'shell':
      return withTarget('run', fieldOf('shell', meta, 'command'));
    case 'file': {
      const path = fieldOf('file', meta, 'path');
      return fieldOf('file', meta, 'edit_summary') && path ? { verb: 'edit', target: path } : null;
    }
    case 'browser':
      return withTarget('open_page', fieldOf('browser', meta, 'url'));
    case 'search': {
      const verb = fieldOf('search', meta, 'images') ? 'search_images' : 'search_web';
      return withTarget(verb, fieldOf('search', meta, 'payload')?.queries?.[0]);
    }
    case 'slides': {
      const count = fieldOf('slides', meta, 'slide_count');
      return { verb: 'make_slides', ...(count !== undefined ? { target: `${count} slides` } : {}) };
    }
    case 'expose':
      return withTarget('expose_port', fieldOf('expose', meta, 'port')?.toString());
    case 'schedule':
      return withTarget('schedule', fieldOf('schedule', meta, 'name'));
    case 'webdev_init_project':
      return withTarget('create_project', fieldOf('webdev_init_project', meta, 'project_name'));
    case 'sub_agent':
      return withTarget('delegate', fieldOf('sub_agent', meta, 'description'));
    case 'generated_media': {
      const kind = fieldOf('generated_media', meta, 'kind');
      const prompt = fieldOf('generated_media', meta, 'prompt');
      if (kind === 'speech') return withTarget('generate_speech', prompt);
      return kind ? withTarget('generate_image', prompt) : null;
    }
    case 'generate':
      return { verb: 'enter_mode', target: 'generation mode' };
    case 'plan':
      return { verb: 'plan' };
    default:
      return null;
  }
}

/**
 * One field of a meta, read through its kind's schema (only that field is parsed: a row
 * reads one or two of them), or undefined when missing or malformed.
 */
function fieldOf<K extends MetaKind, F extends keyof ToolMetaOf<K> & string>(
  kind: K,
  meta: Readonly<Record<string, unknown>>,
  field: F,
): ToolMetaOf<K>[F] | undefined {
  const schema = (TOOL_META[kind].shape as Record<string, z.ZodType>)[field];
  const parsed = schema?.safeParse(meta[field]);
  return parsed?.success ? (parsed.data as ToolMetaOf<K>[F]) : undefined;
}

/** A verb with a target when the meta has one; null without it (the running text says more). */
function withTarget(verb: ActionVerb, target: string | undefined): ActionSummary | null {
  return target ? { verb, target } : null;
}

/** No verb known: the running text (the tool's own description) with home-relative paths. */
function plainLabel(source: LabelSource): StepLabel {
  const line = (source.description || `Used ${source.tool}`).split('\n')[0] ?? '';
  const text = withHomeRelativePaths(line.trim());
  return { before: text, target: null, after: '', text };
}

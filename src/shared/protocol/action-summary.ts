import { z } from 'zod';

/**
 * What an action does, in words every profile shares: the thread labels a step by its
 * verb ("Wrote notes-app/index.html", "Ran `npm test`") without knowing any tool's name.
 * A profile says which verb each of its calls is (`summaryOf`); the runtime records it
 * beside the envelope, like the call's role and meta kind.
 */
export const ACTION_VERBS = [
  // The plan and the conversation
  'plan',
  'advance_plan',
  'read_plan',
  'inform',
  'ask',
  'deliver',
  // Commands
  'run',
  'run_code',
  'view_terminal',
  'wait',
  'send_input',
  'stop_process',
  // Files
  'read',
  'write',
  'append',
  'edit',
  'undo_edit',
  'apply_patch',
  'list_files',
  'find_files',
  'search_files',
  // The web
  'search_web',
  'search_images',
  'open_page',
  'use_browser',
  'read_page',
  // Making things
  'schedule',
  'expose_port',
  'preview_site',
  'enter_mode',
  'leave_mode',
  'generate_image',
  'edit_image',
  'generate_speech',
  'make_slides',
  'create_project',
  'chart',
  'compose',
  // Other agents, services and checks
  'delegate',
  'post',
  'search_posts',
  'check',
  'cancel',
  'use_tool',
] as const;
export const ActionVerb = z.enum(ACTION_VERBS);
export type ActionVerb = z.infer<typeof ActionVerb>;

/** How a label shows what the action acted on. */
export const TargetKind = z.enum(['path', 'code', 'quote', 'url', 'text']);
export type TargetKind = z.infer<typeof TargetKind>;

/**
 * One action's words: `{}` stands for the target (a path, a command, a query…); the bare
 * forms are said when there is none. `running` is said while it runs (and when it failed),
 * `done` once it succeeded.
 */
export const Phrase = z.object({
  target: TargetKind.nullable(),
  running: z.string().max(120),
  done: z.string().max(120),
  runningBare: z.string().max(120),
  doneBare: z.string().max(120),
});
export type Phrase = z.infer<typeof Phrase>;

/** A verb that acts on nothing named ("Updated the plan"). */
export function phrase(target: null, running: string, done: string): Phrase;
/** A verb with a target, and its words for when the target is missing. */
export function phrase(target: TargetKind, running: string, done: string, bare: [string, string]): Phrase;
export function phrase(
  target: TargetKind | null,
  running: string,
  done: string,
  bare?: [string, string],
): Phrase {
  const [runningBare, doneBare] = bare ?? [running, done];
  return { target, running, done, runningBare, doneBare };
}

/**
 * An action's verb and what it acts on (`target`: a path, a command, a query, an address,
 * a name; absent when the verb says it all). From the model's arguments, so hostile:
 * shown as text, never as markup. `words`, when present, are the tool's own for an action
 * no shared verb fits (its verb is then `use_tool`, which a version without `words` shows).
 */
export const ActionSummary = z.object({
  verb: ActionVerb,
  target: z.string().optional(),
  words: Phrase.optional(),
});
export type ActionSummary = z.infer<typeof ActionSummary>;

/** Longest target a summary keeps (a label is one line; the call keeps the whole text). */
export const MAX_SUMMARY_TARGET_CHARACTERS = 200;

/**
 * A summary whose target is the first line of `target` (a heredoc's first line, a long
 * prompt's start); a blank or missing target is left out. It is kept whole here: the
 * runtime redacts secrets from it and only then cuts it (`cutSummary`), so a cut can never
 * leave the start of a secret behind.
 */
export function actionSummary(verb: ActionVerb, target?: unknown): ActionSummary {
  if (typeof target !== 'string' && typeof target !== 'number') return { verb };
  const line = String(target).trim().split('\n')[0]?.trim() ?? '';
  return line === '' ? { verb } : { verb, target: line };
}

/** A summary with its target cut to at most `MAX_SUMMARY_TARGET_CHARACTERS` (a label is one line). */
export function cutSummary(summary: ActionSummary): ActionSummary {
  const { target } = summary;
  if (target === undefined || target.length <= MAX_SUMMARY_TARGET_CHARACTERS) return summary;
  return { ...summary, target: `${target.slice(0, MAX_SUMMARY_TARGET_CHARACTERS - 1)}…` };
}

import { z } from 'zod';
import {
  MAX_CONSOLE_ENTRIES,
  MAX_CONSOLE_MESSAGE_CHARS,
  MAX_DETAIL_CHARS,
  MAX_ELEMENT_TEXT_CHARS,
  MAX_PAGE_ELEMENTS,
  MAX_REASON_CHARS,
  MAX_RENDERED_TEXT_CHARS,
} from './preview-limits.ts';

export {
  MAX_CONSOLE_ENTRIES,
  MAX_CONSOLE_MESSAGE_CHARS,
  MAX_PAGE_ELEMENTS,
  MAX_RENDERED_TEXT_CHARS,
} from './preview-limits.ts';

/**
 * The agent's own browser for the conversation's previews: the main thread loads a
 * `/preview/<conversation>/…` page in a frame the person does not see (sandboxed like
 * every preview, with the preview runtime's storage and console), lets its scripts run,
 * and reports the page *as rendered*; it clicks, types and scrolls there for OpenManus'
 * `browser_use`. The worker reaches it through comlink (`connectPreviewBrowser`) and
 * parses every reply with these schemas: a reply crosses a thread and describes a page
 * whose scripts the agent wrote.
 */

/** How loud a console entry is: `console.log`/`debug`, `console.info`, `console.warn`, or an error. */
export const PREVIEW_CONSOLE_LEVELS = ['log', 'info', 'warning', 'error'] as const;

/**
 * One thing the page's console said: an uncaught error, an unhandled rejection, or a
 * console call (`log`, `info`, `debug`, `warn`, `error`).
 */
export const PreviewConsoleEntry = z.object({
  level: z.enum(PREVIEW_CONSOLE_LEVELS),
  kind: z.enum(['uncaught', 'rejection', 'console']),
  message: z.string().max(MAX_CONSOLE_MESSAGE_CHARS),
  /** The file it came from: a workspace path (`notes-app/app.js`) or the page's own. */
  source: z.string().max(1_000).optional(),
  /** 1-based line and column in `source`, when the browser said. */
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  /** Milliseconds since the page started loading. */
  at: z.number().nonnegative(),
});
export type PreviewConsoleEntry = z.infer<typeof PreviewConsoleEntry>;

/** How many entries of a console are errors, warnings, and other messages (log, info). */
export type PreviewConsoleCounts = { errors: number; warnings: number; messages: number };

/** The counts of `entries` by loudness (the drawer's badge and the agent's report say them). */
export function consoleCounts(entries: readonly Pick<PreviewConsoleEntry, 'level'>[]): PreviewConsoleCounts {
  const counts: PreviewConsoleCounts = { errors: 0, warnings: 0, messages: 0 };
  for (const { level } of entries) {
    if (level === 'error') counts.errors += 1;
    else if (level === 'warning') counts.warnings += 1;
    else counts.messages += 1;
  }
  return counts;
}

/** An element the agent may act on, numbered as `browser_use` indexes them. */
export const PreviewElement = z.object({
  index: z.number().int().nonnegative(),
  /** Lower-case tag name: `button`, `input`, `a`, `select`, `textarea`, … */
  tag: z.string().min(1).max(40),
  /** An input's `type`, or the element's ARIA role when it has one. */
  type: z.string().max(40).optional(),
  /** What a person sees as its name: text, `aria-label`, `placeholder`, `title` or `name`. */
  label: z.string().max(MAX_ELEMENT_TEXT_CHARS),
  /** A field's current value. */
  value: z.string().max(MAX_ELEMENT_TEXT_CHARS).optional(),
});
export type PreviewElement = z.infer<typeof PreviewElement>;

/** A picture of the page as rendered (the DOM drawn inside the preview). */
export const PreviewScreenshot = z.object({
  mime: z.literal('image/png'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes must be a Uint8Array'),
});
export type PreviewScreenshot = z.infer<typeof PreviewScreenshot>;

/** The page in the agent's frame now. */
export const PreviewPageState = z.object({
  /** The preview address loaded (after the page's own navigation, if any). */
  url: z.string(),
  title: z.string().max(1_000),
  /** `document.body.innerText` after the page's scripts ran, cut at `MAX_RENDERED_TEXT_CHARS`. */
  text: z.string().max(MAX_RENDERED_TEXT_CHARS),
  isTextCut: z.boolean(),
  elements: z.array(PreviewElement).max(MAX_PAGE_ELEMENTS),
  /** Errors and warnings since the page loaded, oldest first (the newest `MAX_CONSOLE_ENTRIES`). */
  console: z.array(PreviewConsoleEntry).max(MAX_CONSOLE_ENTRIES),
  /** The page's vertical scroll: position, whole height and the frame's height, in CSS pixels. */
  scroll: z.object({
    top: z.number().nonnegative(),
    height: z.number().nonnegative(),
    viewport: z.number().nonnegative(),
  }),
  /** Present when asked for and the page could be drawn. */
  screenshot: PreviewScreenshot.nullable(),
  /** Why no screenshot was drawn when one was asked for. */
  screenshotRefused: z.string().max(500).optional(),
});
export type PreviewPageState = z.infer<typeof PreviewPageState>;

/** What the agent does on the page (OpenManus' interactions, on its own previews only). */
export const PreviewAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), index: z.number().int().nonnegative() }),
  z.object({ type: z.literal('input'), index: z.number().int().nonnegative(), text: z.string() }),
  /** Keys as Playwright names them: `Enter`, `Tab`, `Escape`, `Control+a`, or text to type. */
  z.object({ type: z.literal('keys'), keys: z.string().min(1) }),
  /** Positive scrolls down. */
  z.object({ type: z.literal('scroll'), pixels: z.number() }),
  z.object({ type: z.literal('scroll_to_text'), text: z.string().min(1) }),
  z.object({ type: z.literal('options'), index: z.number().int().nonnegative() }),
  z.object({ type: z.literal('select'), index: z.number().int().nonnegative(), text: z.string() }),
]);
export type PreviewAction = z.infer<typeof PreviewAction>;

/** Options of a look at the page. */
export type PreviewLookOptions = { screenshot: boolean };

/** Loading a page: its state, or why it could not be shown. */
export const PreviewOpenResult = z.union([
  z.object({ ok: z.literal(true), state: PreviewPageState }),
  z.object({ ok: z.literal(false), reason: z.string().min(1).max(MAX_REASON_CHARS) }),
]);
export type PreviewOpenResult = z.infer<typeof PreviewOpenResult>;

/**
 * An action's outcome: what happened in words (`detail`: "Clicked the button “Add”", a
 * dropdown's options) and the page's state after it, or why it failed (with the state
 * when there is a page).
 */
export const PreviewActionResult = z.union([
  z.object({ ok: z.literal(true), detail: z.string().max(MAX_DETAIL_CHARS), state: PreviewPageState }),
  z.object({
    ok: z.literal(false),
    reason: z.string().min(1).max(2_000),
    state: PreviewPageState.nullable(),
  }),
]);
export type PreviewActionResult = z.infer<typeof PreviewActionResult>;

/**
 * The main thread's preview browser (one agent frame per conversation). `url` must be one
 * of `conversationId`'s own preview addresses; anything else is refused.
 */
export interface PreviewBrowserHostPort {
  /** Loads the page, waits until it settles (loaded, then quiet or 5 s), and reports it. */
  open(conversationId: string, url: string, options: PreviewLookOptions): Promise<PreviewOpenResult>;
  /** Acts on the page open in the conversation's frame, waits until it settles, and reports it. */
  act(
    conversationId: string,
    action: PreviewAction,
    options: PreviewLookOptions,
  ): Promise<PreviewActionResult>;
  /** Closes the conversation's frame (a run that ends keeps it until the next `open`). */
  close(conversationId: string): Promise<void>;
}

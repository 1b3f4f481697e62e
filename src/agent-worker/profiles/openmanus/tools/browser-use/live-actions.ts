import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import type { PreviewAction, PreviewLookOptions } from '@/shared/protocol/preview-browser.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { BrowserParams, Outcome } from './browser-params.ts';
import { liveStateText, showLive } from './live-view.ts';
import { currentPage, type ReaderState, VIEWPORT_PIXELS } from './reader-state.ts';

/** OpenManus' element actions: they need a page the browser scripts, which only the conversation's own previews are. */
export const INTERACTIONS: ReadonlySet<string> = new Set([
  'click_element',
  'input_text',
  'send_keys',
  'get_dropdown_options',
  'select_dropdown_option',
]);

/** Said when the agent's browser had lost the page and it was loaded again. */
const RELOADED =
  "The page was no longer loaded in the agent's browser (the app was reloaded, or the page stopped answering), so it was loaded again from its address.";

const failure = (message: string, kind: 'validation' | 'execution' | 'rejected'): Outcome => ({
  status: 'error',
  kind,
  message,
});

/** Why an element action cannot be done on the current tab, and what to do instead. */
export function notPossible(action: string, context: ToolContext, hasPage: boolean): string {
  // The folder of the conversation's preview addresses, from a file's (the workspace root has none).
  const index = context.previews.urlFor(`${WORKSPACE_ROOT}/index.html`);
  const previews = index ? index.slice(0, -'index.html'.length) : '/preview/<conversation>/';
  return [
    `'${action}' works only on this conversation's own web pages, loaded live in the agent's browser: open one with 'go_to_url' or 'open_tab' at its preview address (${previews}…) or its ${WORKSPACE_ROOT}/….html path. ${hasPage ? 'The current tab is not one of them.' : 'No page is open.'}`,
    'A page from another origin cannot be scripted from this app (the browser forbids it: the same-origin policy), so there are no elements to click, type into, press keys on or choose options from: such pages are read by fetching them as text.',
    "Instead: use 'extract_content' with a goal to get what the page says (its links are in the page text: follow one with 'go_to_url'), or ask the person (ask_human) to do this step in their own browser and tell you the result.",
  ].join('\n');
}

/** What the browser is asked to do for a call, in OpenManus' words; or its error for a missing field. */
function requestOf(params: BrowserParams): { action: PreviewAction; headline: string } | { missing: string } {
  const { index, text, keys } = params;
  switch (params.action) {
    case 'click_element':
      if (index === undefined) return { missing: "Index is required for 'click_element' action" };
      return { action: { type: 'click', index }, headline: `Clicked element at index ${index}` };
    case 'input_text':
      if (index === undefined || !text)
        return { missing: "Index and text are required for 'input_text' action" };
      return {
        action: { type: 'input', index, text },
        headline: `Input '${text}' into element at index ${index}`,
      };
    case 'send_keys':
      if (!keys) return { missing: "Keys are required for 'send_keys' action" };
      return { action: { type: 'keys', keys }, headline: `Sent keys: ${keys}` };
    case 'get_dropdown_options':
      if (index === undefined) return { missing: "Index is required for 'get_dropdown_options' action" };
      return {
        action: { type: 'options', index },
        headline: `Dropdown options of element at index ${index} (under Result below)`,
      };
    case 'select_dropdown_option':
      if (index === undefined || !text)
        return { missing: "Index and text are required for 'select_dropdown_option' action" };
      return {
        action: { type: 'select', index, text },
        headline: `Selected option '${text}' from dropdown at index ${index}`,
      };
    case 'scroll_to_text':
      if (!text) return { missing: "Text is required for 'scroll_to_text' action" };
      return { action: { type: 'scroll_to_text', text }, headline: `Scrolled to text: '${text}'` };
    default: {
      const direction = params.action === 'scroll_up' ? -1 : 1;
      const amount = Math.abs(params.scroll_amount ?? VIEWPORT_PIXELS);
      return {
        action: { type: 'scroll', pixels: direction * amount },
        headline: `Scrolled ${direction > 0 ? 'down' : 'up'} by ${amount} pixels`,
      };
    }
  }
}

/**
 * An element action or a scroll on the current tab's page in the agent's browser, then
 * the page's new state. When the browser no longer holds the page (the app reloaded),
 * the page is loaded again first; an action by index is then not done, since the
 * indexes the model chose from may have changed.
 */
export async function actLive(
  params: BrowserParams,
  context: ToolContext,
  reader: ReaderState,
): Promise<Outcome> {
  const request = requestOf(params);
  if ('missing' in request) return failure(request.missing, 'validation');
  if ('index' in request.action && request.action.index < 0)
    return failure(`Element with index ${request.action.index} not found`, 'execution');
  const page = currentPage(reader);
  if (!page?.isLive) return failure(notPossible(params.action, context, page !== undefined), 'rejected');
  const unavailable = context.livePreviews.unavailableReason();
  if (unavailable !== null)
    return failure(
      `'${params.action}' acts on the page in the agent's browser, which is not there now: ${unavailable}`,
      'execution',
    );
  const look = lookOf(context);
  let result = await context.livePreviews.act(request.action, look, context.signal);
  let headline = request.headline;
  if (!result.ok && result.state === null) {
    const reopened = await context.livePreviews.open(page.url, look, context.signal);
    if (!reopened.ok)
      return failure(
        `Browser action '${params.action}' failed: ${result.reason}\nLoading the page again failed too: ${reopened.reason}`,
        'execution',
      );
    if ('index' in request.action)
      return showLive(context, reader, reopened.state, {
        headline: `${RELOADED} Its element indexes may have changed, so '${params.action}' was not done: find the element in the list below and call again.`,
      });
    result = await context.livePreviews.act(request.action, look, context.signal);
    headline = `${headline}\n${RELOADED} Element indexes may have changed.`;
  }
  if (!result.ok) {
    const said =
      params.action === 'scroll_to_text'
        ? `Failed to scroll to text: ${result.reason}`
        : `Browser action '${params.action}' failed: ${result.reason}`;
    return {
      status: 'error',
      kind: 'execution',
      message: result.state ? `${said}\n${liveStateText(result.state)}` : said,
      meta: { url: page.url, untrusted_content: UNTRUSTED_WEB },
    };
  }
  return showLive(context, reader, result.state, { headline, detail: result.detail });
}

/**
 * Loads the current tab's live page in the agent's browser again and shows it (after
 * switching to its tab or going back to it: the browser holds one page at a time, so its
 * scripts start afresh); or says why it could not be, for the caller to show its saved text.
 */
export async function reopenLive(
  context: ToolContext,
  reader: ReaderState,
  headline: string,
): Promise<Outcome | { notLoaded: string }> {
  const page = currentPage(reader);
  if (!page?.isLive) return { notLoaded: 'it is not a live page' };
  const unavailable = context.livePreviews.unavailableReason();
  if (unavailable !== null) return { notLoaded: unavailable };
  const opened = await context.livePreviews.open(page.url, lookOf(context), context.signal);
  if (!opened.ok) return { notLoaded: opened.reason };
  return showLive(context, reader, opened.state, {
    headline: `${headline}\nIts page was loaded again in the agent's browser (it holds one page at a time), so the page's scripts started afresh.`,
  });
}

/**
 * The current tab's live page as it is now (after `wait`: its timers may have changed it):
 * scrolling by nothing reports the page without changing it. Says why when it cannot.
 */
export async function lookLive(
  context: ToolContext,
  reader: ReaderState,
  headline: string,
): Promise<Outcome | { notLoaded: string }> {
  const unavailable = context.livePreviews.unavailableReason();
  if (unavailable !== null) return { notLoaded: unavailable };
  const looked = await context.livePreviews.act(
    { type: 'scroll', pixels: 0 },
    lookOf(context),
    context.signal,
  );
  if (!looked.ok) return { notLoaded: looked.reason };
  return showLive(context, reader, looked.state, { headline });
}

/** A screenshot only for a model that sees images. */
function lookOf(context: ToolContext): PreviewLookOptions {
  return { screenshot: context.vision.seesImages };
}

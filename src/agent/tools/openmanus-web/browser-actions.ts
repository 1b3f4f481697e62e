import type { z } from 'zod';
import type { BrowserMeta } from '../../../protocol/tool-meta/browser.ts';
import { UNTRUSTED_WEB } from '../../../protocol/tool-meta/search.ts';
import { asWebContent } from '../../web/web-content.ts';
import type { ToolOutcome } from '../define-tool.ts';
import type { ToolContext } from '../tool-context.ts';
import { extractContent } from './browser-extract.ts';
import type { BROWSER_ACTIONS } from './browser-use.ts';
import { readPage } from './page-reading.ts';
import {
  CHARACTERS_PER_PIXEL,
  currentPage,
  currentTab,
  lineStart,
  loadReader,
  navigate,
  openTab,
  pageMarkdown,
  type ReaderState,
  saveReader,
  screenAt,
  VIEWPORT_PIXELS,
  withOffset,
} from './reader-state.ts';
import { searchWeb } from './web-results.ts';

export type BrowserParams = {
  action: (typeof BROWSER_ACTIONS)[number];
  url?: string;
  index?: number;
  text?: string;
  scroll_amount?: number;
  tab_id?: number;
  query?: string;
  goal?: string;
  keys?: string;
  seconds?: number;
};

type Outcome = ToolOutcome<z.input<typeof BrowserMeta>>;

/** Longest `wait` (a reader has nothing to wait for; the pause only delays the run). */
export const MAX_WAIT_SECONDS = 30;

/** The actions that need a live page scripted by the browser: impossible for a page of another origin. */
const INTERACTIONS = new Set([
  'click_element',
  'input_text',
  'send_keys',
  'get_dropdown_options',
  'select_dropdown_option',
]);

const fail = (message: string, kind: 'validation' | 'execution' | 'rejected' = 'validation'): Outcome => ({
  status: 'error',
  kind,
  message,
});

/** Runs one `browser_use` action on the conversation's reader state. */
export async function runBrowserAction(params: BrowserParams, context: ToolContext): Promise<Outcome> {
  const { action } = params;
  if (INTERACTIONS.has(action)) return fail(notPossible(action), 'rejected');
  const state = await loadReader(context);
  switch (action) {
    case 'go_to_url':
    case 'open_tab': {
      if (!params.url) return fail(`URL is required for '${action}' action`);
      const outcome = await readPage(context, params.url);
      if ('error' in outcome) return unreadable(action, params.url, outcome.error);
      const next = action === 'open_tab' ? openTab(state, outcome.page) : navigate(state, outcome.page);
      return show(
        context,
        next,
        action === 'open_tab' ? `Opened new tab with ${params.url}` : `Navigated to ${params.url}`,
      );
    }
    case 'web_search': {
      if (!params.query) return fail("Query is required for 'web_search' action");
      const { results } = await searchWeb(context, params.query, 10);
      const first = results[0];
      if (!first) return fail(`No search results found for '${params.query}'`, 'execution');
      const outcome = await readPage(context, first.url);
      if ('error' in outcome) return unreadable(action, first.url, outcome.error);
      const list = results.map((result) => `${result.title} (${result.url})`).join('\n');
      return show(
        context,
        navigate(state, outcome.page),
        `Searched for '${params.query}' and navigated to first result: ${first.url}\nAll results:\n${asWebContent('search results', list)}`,
      );
    }
    case 'go_back': {
      const tab = currentTab(state);
      if (!tab || tab.history.length < 2)
        return fail('There is no previous page in this tab to go back to.', 'execution');
      const next = {
        ...state,
        tabs: state.tabs.map((candidate) =>
          candidate.id === tab.id ? { ...candidate, history: tab.history.slice(0, -1) } : candidate,
        ),
      };
      return show(context, next, 'Navigated back');
    }
    case 'scroll_down':
    case 'scroll_up': {
      const page = currentPage(state);
      if (!page) return fail(NO_PAGE, 'execution');
      const direction = action === 'scroll_down' ? 1 : -1;
      const amount = Math.abs(params.scroll_amount ?? VIEWPORT_PIXELS);
      const markdown = await pageMarkdown(context, page);
      const offset = lineStart(markdown, page.offset + direction * amount * CHARACTERS_PER_PIXEL);
      return show(
        context,
        withOffset(state, offset),
        `Scrolled ${direction > 0 ? 'down' : 'up'} by ${amount} pixels`,
      );
    }
    case 'scroll_to_text': {
      if (!params.text) return fail("Text is required for 'scroll_to_text' action");
      const page = currentPage(state);
      if (!page) return fail(NO_PAGE, 'execution');
      const markdown = await pageMarkdown(context, page);
      const found = markdown.toLowerCase().indexOf(params.text.toLowerCase());
      if (found < 0)
        return fail(`Failed to scroll to text: '${params.text}' is not on the page`, 'execution');
      return show(
        context,
        withOffset(state, lineStart(markdown, found)),
        `Scrolled to text: '${params.text}'`,
      );
    }
    case 'extract_content': {
      if (!params.goal) return fail("Goal is required for 'extract_content' action");
      const page = currentPage(state);
      if (!page) return fail(NO_PAGE, 'execution');
      const text = await extractContent(context, params.goal, await pageMarkdown(context, page));
      return { status: 'success', content: text, meta: pageMeta(page) };
    }
    case 'switch_tab': {
      if (params.tab_id === undefined) return fail("Tab ID is required for 'switch_tab' action");
      if (!state.tabs.some((tab) => tab.id === params.tab_id))
        return fail(`There is no tab ${params.tab_id}. ${tabList(state)}`, 'execution');
      return show(context, { ...state, current: params.tab_id }, `Switched to tab ${params.tab_id}`);
    }
    case 'close_tab': {
      const tab = currentTab(state);
      if (!tab) return fail('There is no tab to close.', 'execution');
      const tabs = state.tabs.filter((candidate) => candidate.id !== tab.id);
      return show(context, { ...state, tabs, current: tabs.at(-1)?.id ?? null }, 'Closed current tab');
    }
    case 'wait': {
      const seconds = Math.max(0, Math.min(params.seconds ?? 3, MAX_WAIT_SECONDS));
      await sleep(seconds * 1000, context.signal);
      return show(context, state, `Waited for ${seconds} seconds`);
    }
    default:
      return fail(`Unknown action: ${action}`);
  }
}

/** A page no way could read: the reasons may quote a site or a relay, so they are marked as web content. */
function unreadable(action: string, url: string, reason: string): Outcome {
  return {
    status: 'error',
    kind: 'execution',
    message: `Browser action '${action}' failed: ${reason}`,
    meta: { url, untrusted_content: UNTRUSTED_WEB },
  };
}

const NO_PAGE = "No page is open: open one with 'go_to_url', 'open_tab' or 'web_search' first.";

/** Why an interaction with page elements is impossible here, and what to do instead. */
export function notPossible(action: string): string {
  return [
    `'${action}' is not possible in a browser tab: Sandpiper runs in your browser and reads pages by fetching them as text (directly or through a reader relay), not in a live browser window it controls.`,
    'A page from another origin cannot be scripted from this app (the browser forbids it: the same-origin policy), so there are no elements to click, type into, press keys on or choose options from.',
    "Instead: use 'extract_content' with a goal to get what the page says (its links are in the page text: follow one with 'go_to_url'), or ask the person (ask_human) to do this step in their own browser and tell you the result.",
  ].join('\n');
}

/** Saves the state and shows the current tab: its page, the reading position, and one screen of its text. */
async function show(context: ToolContext, state: ReaderState, headline: string): Promise<Outcome> {
  await saveReader(context, state);
  const page = currentPage(state);
  if (!page)
    return { status: 'success', content: `${headline}\nNo tab is open.`, meta: { url: 'about:blank' } };
  const markdown = await pageMarkdown(context, page);
  const screen = screenAt(markdown, page.offset);
  const below = markdown.length - screen.end;
  const lines = [
    headline,
    '',
    `Current tab: ${state.current} — ${page.url}`,
    tabList(state),
    `Saved page: ${page.path}`,
    `Scroll: ${Math.round(page.offset / CHARACTERS_PER_PIXEL)} pixels above, ${Math.round(below / CHARACTERS_PER_PIXEL)} pixels below (${markdown.length} characters in all).`,
    asWebContent(
      page.url,
      `Title: ${page.title}\n\n${screen.text}${below > 0 ? '\n… [scroll_down for more]' : ''}`,
    ),
  ];
  return { status: 'success', content: lines.join('\n'), meta: pageMeta(page) };
}

function pageMeta(page: { url: string; title: string; path: string }): z.input<typeof BrowserMeta> {
  return { url: page.url, title: page.title, path: page.path, untrusted_content: UNTRUSTED_WEB };
}

function tabList(state: ReaderState): string {
  if (state.tabs.length === 0) return 'Open tabs: none.';
  const tabs = state.tabs.map((tab) => {
    const page = tab.history.at(-1);
    return `[${tab.id}]${tab.id === state.current ? '*' : ''} ${page?.url ?? 'about:blank'}`;
  });
  return `Open tabs (tab_id, * current): ${tabs.join(', ')}`;
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

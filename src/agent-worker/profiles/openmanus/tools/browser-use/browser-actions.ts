import type { z } from 'zod';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import type { BrowserMeta } from '@/shared/protocol/tool-meta/browser-meta.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import { readPage } from '../../common/page-reading.ts';
import { searchWeb } from '../../common/web-results.ts';
import { extractContent } from './browser-extract.ts';
import type { BrowserParams, Outcome } from './browser-params.ts';
import { actLive, INTERACTIONS, lookLive, reopenLive } from './live-actions.ts';
import { showLive } from './live-view.ts';
import {
  CHARACTERS_PER_PIXEL,
  currentPage,
  currentTab,
  lineStart,
  loadReader,
  navigate,
  openTab,
  pageMarkdown,
  type ReaderPage,
  type ReaderState,
  saveReader,
  screenAt,
  tabList,
  VIEWPORT_PIXELS,
  withOffset,
} from './reader-state.ts';

/** Longest `wait` (a reader has nothing to wait for; the pause only delays the run). */
export const MAX_WAIT_SECONDS = 30;

const fail = (message: string, kind: 'validation' | 'execution' | 'rejected' = 'validation'): Outcome => ({
  status: 'error',
  kind,
  message,
});

/** Runs one `browser_use` action on the conversation's reader state. */
export async function runBrowserAction(params: BrowserParams, context: ToolContext): Promise<Outcome> {
  const { action } = params;
  const state = await loadReader(context);
  if (INTERACTIONS.has(action)) return actLive(params, context, state);
  switch (action) {
    case 'go_to_url':
    case 'open_tab':
      return goTo(context, state, action, params.url);
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
      return showTab(context, next, 'Navigated back');
    }
    case 'scroll_down':
    case 'scroll_up': {
      const page = currentPage(state);
      if (!page) return fail(NO_PAGE, 'execution');
      if (page.isLive) return actLive(params, context, state);
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
      if (page.isLive) return actLive(params, context, state);
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
      return showTab(context, { ...state, current: params.tab_id }, `Switched to tab ${params.tab_id}`);
    }
    case 'close_tab': {
      const tab = currentTab(state);
      if (!tab) return fail('There is no tab to close.', 'execution');
      const tabs = state.tabs.filter((candidate) => candidate.id !== tab.id);
      return showTab(context, { ...state, tabs, current: tabs.at(-1)?.id ?? null }, 'Closed current tab');
    }
    case 'wait': {
      const seconds = Math.max(0, Math.min(params.seconds ?? 3, MAX_WAIT_SECONDS));
      await sleep(seconds * 1000, context.signal);
      const headline = `Waited for ${seconds} seconds`;
      if (!currentPage(state)?.isLive) return show(context, state, headline);
      const looked = await lookLive(context, state, headline);
      return 'notLoaded' in looked
        ? show(context, state, notLoadedHeadline(headline, looked.notLoaded))
        : looked;
    }
    default:
      return fail(`Unknown action: ${action}`);
  }
}

/**
 * `go_to_url` and `open_tab`: the page read into the current tab or a new one. The
 * conversation's own HTML pages load live in the agent's browser, or, when they cannot,
 * are read from their files, saying why.
 */
async function goTo(
  context: ToolContext,
  state: ReaderState,
  action: 'go_to_url' | 'open_tab',
  url: string | undefined,
): Promise<Outcome> {
  if (!url) return fail(`URL is required for '${action}' action`);
  const outcome = await readPage(context, url, undefined, { screenshot: context.vision.seesImages });
  if ('error' in outcome) return unreadable(action, url, outcome.error);
  const { page } = outcome;
  const next = action === 'open_tab' ? openTab(state, page) : navigate(state, page);
  const headline = action === 'open_tab' ? `Opened new tab with ${url}` : `Navigated to ${url}`;
  if (page.live && 'state' in page.live)
    return showLive(context, next, page.live.state, { headline, isSaved: true });
  if (!page.live) return show(context, next, headline);
  const why = `It was read from its file, without running its scripts: ${page.live.notRendered}`;
  return show(context, next, `${headline}\n${why}`);
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

/**
 * Shows the tab that is current after a switch, a close or going back: a live page is
 * loaded again in the agent's browser (it holds the current tab's page), or, when that
 * cannot be done, its saved text is shown, saying why.
 */
async function showTab(context: ToolContext, state: ReaderState, headline: string): Promise<Outcome> {
  if (!currentPage(state)?.isLive) return show(context, state, headline);
  const reopened = await reopenLive(context, state, headline);
  return 'notLoaded' in reopened
    ? show(context, state, notLoadedHeadline(headline, reopened.notLoaded))
    : reopened;
}

function notLoadedHeadline(headline: string, reason: string): string {
  return `${headline}
Its live page could not be shown in the agent's browser (${reason}); here is its text as last saved.`;
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

function pageMeta(page: ReaderPage): z.input<typeof BrowserMeta> {
  const live = page.isLive ? { live_url: page.url, rendered: true } : {};
  return { url: page.url, title: page.title, path: page.path, ...live, untrusted_content: UNTRUSTED_WEB };
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

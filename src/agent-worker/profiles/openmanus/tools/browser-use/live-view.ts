import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import { renderedPage } from '@/agent-worker/toolkit/web/browse/live-page.ts';
import { savePage } from '@/agent-worker/toolkit/web/browse/page-files.ts';
import {
  consoleReport,
  elementLine,
  screenshotForModel,
} from '@/agent-worker/toolkit/web/browse/page-state-text.ts';
import { asWebContent } from '@/agent-worker/toolkit/web/web-content.ts';
import type { PreviewPageState } from '@/shared/protocol/preview-browser.ts';
import { UNTRUSTED_WEB } from '@/shared/protocol/tool-meta/search-meta.ts';
import type { Outcome } from './browser-params.ts';
import {
  currentPage,
  lineStart,
  navigate,
  type ReaderPage,
  type ReaderState,
  saveReader,
  screenAt,
  tabList,
  withCurrentPage,
} from './reader-state.ts';

/** How a live page is shown after an action. */
export type LiveView = {
  /** What happened, in OpenManus' words where it has them ("Clicked element at index 3"). */
  headline: string;
  /** What the browser says it did (page words: a button's label, a dropdown's options). */
  detail?: string;
  /** False when the pages port has just saved this very state (a page opened by go_to_url). */
  isSaved?: boolean;
};

/**
 * Shows the current tab's live page as the agent's browser reports it. The tab follows
 * the page (one that navigated itself is a new history entry), its rendered text is saved
 * at the page's file (so `extract_content` and the reader pane read the page as it is now),
 * and the model gets the headline, the tabs, the console, the scroll position, the
 * interactive elements indexed as browser-use lists them, the text about where the window
 * is, and — for a model that sees images — the screenshot.
 */
export async function showLive(
  context: ToolContext,
  reader: ReaderState,
  state: PreviewPageState,
  view: LiveView,
): Promise<Outcome> {
  const next = await followPage(context, reader, state, view.isSaved ?? false);
  await saveReader(context, next);
  const page = currentPage(next);
  const screenshot = await screenshotForModel(state, context.vision, `Screenshot of ${state.url}`);
  const lines = [
    view.headline,
    '',
    `Current tab: ${next.current} — ${state.url} (live: its scripts run in the agent's browser)`,
    tabList(next),
    `Saved page: ${page?.path ?? ''} (its rendered text)`,
    consoleReport(state.console, state.url),
    scrollLine(state),
    ...(screenshot.note ? [screenshot.note] : []),
    'Interactive elements are listed as [index]<tag>label</tag>: give the index to click_element, input_text, get_dropdown_options or select_dropdown_option.',
    liveBlock(state, view.detail),
  ];
  return {
    status: 'success',
    content: lines.join('\n'),
    meta: {
      url: state.url,
      title: state.title,
      ...(page ? { path: page.path } : {}),
      live_url: state.url,
      rendered: true,
      console: state.console,
      untrusted_content: UNTRUSTED_WEB,
    },
    ...(screenshot.images.length > 0 ? { images: screenshot.images } : {}),
  };
}

/** The page's state in words, for a failed action the model is to correct (no screenshot). */
export function liveStateText(state: PreviewPageState): string {
  return [consoleReport(state.console, state.url), scrollLine(state), liveBlock(state)].join('\n');
}

/**
 * The reader with its current tab following `state`: the same page retitled, or a new
 * entry when the page went to another address; its rendered text saved unless it already was.
 */
async function followPage(
  context: ToolContext,
  reader: ReaderState,
  state: PreviewPageState,
  isSaved: boolean,
): Promise<ReaderState> {
  const page = currentPage(reader);
  const hasMoved = page?.url !== state.url;
  const path =
    isSaved && page
      ? page.path
      : await savePage(
          context.workspace,
          renderedPage(state, state.url),
          state.url,
          'workspace',
          context.now(),
          hasMoved ? undefined : page?.path,
        );
  const entry: ReaderPage = { url: state.url, title: state.title, path, offset: 0, isLive: true };
  return hasMoved
    ? navigate(reader, entry)
    : withCurrentPage(reader, (current) => ({ ...current, ...entry }));
}

function scrollLine(state: PreviewPageState): string {
  const { top, height, viewport } = state.scroll;
  const below = Math.max(0, height - viewport - top);
  return `Scroll: ${Math.round(top)} pixels above, ${Math.round(below)} pixels below (the page is ${Math.round(height)} px tall, the window ${Math.round(viewport)} px).`;
}

/** The page's words in one web-content block: title, what the browser did, the elements, and one screen of text. */
function liveBlock(state: PreviewPageState, detail?: string): string {
  const elements = state.elements.map(elementLine);
  const screen = visibleText(state);
  return asWebContent(
    state.url,
    [
      `Title: ${state.title}`,
      ...(detail ? ['', `Result: ${detail}`] : []),
      '',
      'Interactive elements:',
      ...(elements.length > 0 ? elements : ['(none)']),
      '',
      screen.isFromTop ? 'Text:' : 'Text (from about where the window is):',
      screen.text,
    ].join('\n'),
  );
}

/**
 * One screen of the rendered text, from about where the window is: the text has no
 * positions, so the window's place in the page is taken as the same share of the text.
 */
function visibleText(state: PreviewPageState): { text: string; isFromTop: boolean } {
  const { top, height } = state.scroll;
  const share = height > 0 ? Math.min(1, top / height) : 0;
  const offset = lineStart(state.text, Math.floor(share * state.text.length));
  const screen = screenAt(state.text, offset);
  const below = state.text.length - screen.end;
  const cut = state.isTextCut ? "\n… [the page's text is cut here]" : '';
  const more = below > 0 ? `\n… [${below} more characters: scroll_down or extract_content]` : cut;
  return { text: `${screen.text}${more}`, isFromTop: offset === 0 };
}

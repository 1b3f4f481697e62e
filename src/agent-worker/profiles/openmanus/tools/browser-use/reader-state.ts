import type { PageReport } from '@/agent-worker/toolkit/ports/web-port.ts';
import type { ToolContext } from '@/agent-worker/toolkit/tool-context.ts';
import { OPENMANUS_WEB_STATE, readJsonState, savedPageBody } from '../../common/page-reading.ts';

/** Where `browser_use` keeps its tabs: in the workspace, so they survive a reload. */
export const BROWSER_STATE_PATH = `${OPENMANUS_WEB_STATE}/browser_use.json`;

/** The reader's "window": pixels one screen scrolls by default. */
export const VIEWPORT_PIXELS = 1000;
/** Characters of a page's markdown per pixel (a screen shows 2,000 characters, seed 002's max_content_length). */
export const CHARACTERS_PER_PIXEL = 2;

/**
 * One page of a tab's history: the page read, where its markdown is saved, and how far
 * down the reader is. A live page (one of the conversation's own previews, loaded in the
 * agent's browser) has its preview address as `url`, its rendered text saved at `path`,
 * and is scrolled and acted on in that browser; `isLive` is absent in tabs saved before.
 */
export type ReaderPage = { url: string; title: string; path: string; offset: number; isLive?: true };
export type ReaderTab = { id: number; history: ReaderPage[] };
/** The reader's tabs; `current` is the id of the tab actions apply to, null with no tab open. */
export type ReaderState = { tabs: ReaderTab[]; current: number | null; nextTabId: number };

const EMPTY: ReaderState = { tabs: [], current: null, nextTabId: 0 };

/** The conversation's reader state (no tabs when none was saved). */
export async function loadReader(context: ToolContext): Promise<ReaderState> {
  const state = await readJsonState<ReaderState>(context, BROWSER_STATE_PATH, EMPTY);
  return Array.isArray(state.tabs) ? state : EMPTY;
}

/** Saves the reader state to the workspace (replacing the previous one). */
export async function saveReader(context: ToolContext, state: ReaderState): Promise<void> {
  await context.workspace.save(BROWSER_STATE_PATH, JSON.stringify(state, null, 2));
}

/** The tab actions apply to, if any. */
export function currentTab(state: ReaderState): ReaderTab | undefined {
  return state.tabs.find((tab) => tab.id === state.current);
}

/** The page shown in the current tab, if any. */
export function currentPage(state: ReaderState): ReaderPage | undefined {
  return currentTab(state)?.history.at(-1);
}

/** The history entry of a page just read: live (at its preview address) when it was rendered. */
export function entryOf(page: PageReport): ReaderPage {
  const { title, path } = page;
  if (page.live && 'state' in page.live)
    return { url: page.live.state.url, title, path, offset: 0, isLive: true };
  return { url: page.finalUrl, title, path, offset: 0 };
}

/** `state` with `page` opened in the current tab (a new tab when none is open), at its top. */
export function navigate(state: ReaderState, page: PageReport | ReaderPage): ReaderState {
  const entry = 'finalUrl' in page ? entryOf(page) : page;
  const tab = currentTab(state);
  if (!tab) return openTab(state, entry);
  return {
    ...state,
    tabs: state.tabs.map((candidate) =>
      candidate.id === tab.id ? { ...candidate, history: [...candidate.history, entry] } : candidate,
    ),
  };
}

/** `state` with a new tab showing `page`, made current. */
export function openTab(state: ReaderState, page: PageReport | ReaderPage): ReaderState {
  const entry = 'finalUrl' in page ? entryOf(page) : page;
  const id = state.nextTabId;
  return { tabs: [...state.tabs, { id, history: [entry] }], current: id, nextTabId: id + 1 };
}

/** `state` with the current page's reading position set. */
export function withOffset(state: ReaderState, offset: number): ReaderState {
  return withCurrentPage(state, (page) => ({ ...page, offset }));
}

/** `state` with the current tab's page changed by `change`. */
export function withCurrentPage(state: ReaderState, change: (page: ReaderPage) => ReaderPage): ReaderState {
  return {
    ...state,
    tabs: state.tabs.map((tab) =>
      tab.id === state.current
        ? {
            ...tab,
            history: tab.history.map((page, index) =>
              index === tab.history.length - 1 ? change(page) : page,
            ),
          }
        : tab,
    ),
  };
}

/** The current page's markdown, read back from the workspace (empty when the file is gone). */
export async function pageMarkdown(context: ToolContext, page: ReaderPage): Promise<string> {
  if (!(await context.workspace.exists(page.path))) return '';
  return savedPageBody(new TextDecoder().decode(await context.workspace.read(page.path)));
}

/** The start of the line holding `offset` (the reader scrolls by whole lines). */
export function lineStart(markdown: string, offset: number): number {
  const clamped = Math.max(0, Math.min(offset, markdown.length));
  const newline = markdown.lastIndexOf('\n', clamped - 1);
  return newline < 0 ? 0 : newline + 1;
}

/** What one screen shows from `offset`: up to a screen of characters, ending at a line's end when one is near. */
export function screenAt(markdown: string, offset: number): { text: string; end: number } {
  const limit = Math.min(markdown.length, offset + VIEWPORT_PIXELS * CHARACTERS_PER_PIXEL);
  if (limit >= markdown.length) return { text: markdown.slice(offset), end: markdown.length };
  const newline = markdown.lastIndexOf('\n', limit);
  const end = newline > offset + (limit - offset) / 2 ? newline : limit;
  return { text: markdown.slice(offset, end), end };
}

/** The open tabs in a line: `[tab_id]` and each tab's address, the current one starred. */
export function tabList(state: ReaderState): string {
  if (state.tabs.length === 0) return 'Open tabs: none.';
  const tabs = state.tabs.map((tab) => {
    const page = tab.history.at(-1);
    return `[${tab.id}]${tab.id === state.current ? '*' : ''} ${page?.url ?? 'about:blank'}`;
  });
  return `Open tabs (tab_id, * current): ${tabs.join(', ')}`;
}

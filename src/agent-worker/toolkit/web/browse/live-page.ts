import type { LivePreviewsPort } from '@/agent-worker/toolkit/ports/live-previews-port.ts';
import type { ProgressPort } from '@/shared/protocol/ports/progress-port.ts';
import type { PreviewLookOptions, PreviewPageState } from '@/shared/protocol/preview-browser.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { ExtractedPage } from '../pages/extracted-page.ts';
import { pageFromMarkdown } from '../pages/reader-markdown.ts';

/** Whether a workspace file is a page a browser renders (and so can be loaded live). */
export function isRenderedPage(path: string): boolean {
  return /\.html?$/i.test(path);
}

/** A page loaded live: its state, and its rendered text as a readable page (what is saved). */
export type LivePage = { state: PreviewPageState; page: ExtractedPage };

/**
 * Loads the conversation's own HTML page live in the agent's browser (its scripts run)
 * at `address`, its preview URL, and reads it as rendered; or says why it was not (live
 * previews unavailable, or the open failed), so the caller reads the file instead.
 */
export async function readLivePage(
  dependencies: { livePreviews: LivePreviewsPort; progress: ProgressPort },
  request: { file: string; address: string; look: PreviewLookOptions },
  signal: AbortSignal,
): Promise<LivePage | { notRendered: string }> {
  const unavailable = dependencies.livePreviews.unavailableReason();
  if (unavailable !== null) return { notRendered: unavailable };
  dependencies.progress.status({ text: `Loading ${request.file} in the agent's browser` });
  const opened = await dependencies.livePreviews.open(request.address, request.look, signal);
  if (!opened.ok) return { notRendered: opened.reason };
  return { state: opened.state, page: renderedPage(opened.state, `file://${request.file}`) };
}

/** The rendered text of a page state as a readable page (plain text: what a person sees, in order). */
export function renderedPage(state: PreviewPageState, pageUrl: string): ExtractedPage {
  const text = state.isTextCut ? `${state.text}\n… [the page's text is cut here]` : state.text;
  return pageFromMarkdown(state.title, text, pageUrl);
}

/**
 * The preview address to load for a request: the file's own address, with the query and
 * fragment the request gave (a single-page app's route), if it gave a URL.
 */
export function addressWithRoute(address: string, requested: string): string {
  const trimmed = requested.trim();
  if (trimmed.startsWith(WORKSPACE_ROOT)) return address;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, address);
  } catch {
    return address;
  }
  const url = new URL(address);
  url.search = parsed.search;
  url.hash = parsed.hash;
  return url.href;
}

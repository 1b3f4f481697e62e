import { previewPath, workspacePathOf } from '@/shared/protocol/workspace.ts';
import { PREVIEW_TOP_LEVEL_PARAMETER } from '@/shared/pwa/messages.ts';

/** Where a deck is, as the viewer needs it. */
export type DeckAddress = {
  /** The deck's page, relative to /home/ubuntu (`report/slides/index.html`). */
  workspacePath: string;
  /** The preview route's address of the deck (served sandboxed by the service worker). */
  previewUrl: string;
  /**
   * The same page in reveal's print view (`?print-pdf`), which prints itself once laid out:
   * asked for at the top level (a framed page cannot print).
   */
  printUrl: string;
  /** The name of the single-file download (`report-slides.html`). */
  downloadName: string;
};

/**
 * The addresses of the deck at `deckPath` (absolute, under /home/ubuntu) in conversation
 * `conversationId`, under the app's scope `appBase`; null when the path is not an HTML
 * file in the workspace.
 */
export function deckAddress(conversationId: string, deckPath: string, appBase: URL): DeckAddress | null {
  const workspacePath = workspacePathOf(deckPath);
  if (workspacePath === null || !/\.html?$/i.test(workspacePath)) return null;
  const preview = new URL(previewPath(conversationId, workspacePath), appBase);
  const print = new URL(preview);
  print.search = `?print-pdf&${PREVIEW_TOP_LEVEL_PARAMETER}`;
  return {
    workspacePath,
    previewUrl: preview.href,
    printUrl: print.href,
    downloadName: deckDownloadName(workspacePath),
  };
}

/**
 * The file name of a deck's single-file HTML: its folder's name, with the project's in
 * front when the folder is the tool's generic `slides` (`report/slides/index.html` →
 * `report-slides.html`), so two projects' decks do not download under one name.
 */
export function deckDownloadName(workspacePath: string): string {
  const folders = workspacePath.split('/').slice(0, -1);
  const folder = folders.at(-1);
  const project = folders.at(-2);
  const base =
    folder === undefined ? 'deck' : folder === 'slides' && project ? `${project}-${folder}` : folder;
  const safe = base.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${safe || 'deck'}.html`;
}

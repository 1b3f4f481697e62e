import { type Accessor, createResource } from 'solid-js';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import type { ViewerTarget } from '../app/ui-store.ts';
import { deliverableNames, deliverablePage, documentTitle } from '../thread/deliverable-names.ts';

/** What the viewer's title reads of the workspace. */
export type ViewerTitleSource = {
  readFile(path: string): Promise<WorkspaceFile | null>;
  /** Counts up each time the workspace may have changed (a step, a rewind, its undo). */
  changeCount: Accessor<number>;
};

/**
 * The name of what the Viewer tab shows, kept to the workspace as it is: a deck or a site
 * named after its page's title (the card's rule, `deliverableNames`) is named after the
 * title the page has now, read again whenever the workspace changes, so after a rewind the
 * tab and its heading say what the page says. The card's name until the page is read.
 */
export function createViewerTitle(
  target: Accessor<ViewerTarget | null>,
  workspace: ViewerTitleSource,
): Accessor<string | null> {
  const source = () => {
    const shown = target();
    const page = shown === null ? null : deliverablePage(shown);
    return shown === null || page === null ? null : { shown, page, change: workspace.changeCount() };
  };
  const [read] = createResource(source, async ({ shown, page }) => {
    try {
      const file = await workspace.readFile(page);
      return { shown, title: file ? documentTitle(new TextDecoder().decode(file.content)) : null };
    } catch {
      // No conversation open, or the page unreadable: the card's name stands.
      return null;
    }
  });
  return () => {
    const shown = target();
    if (shown === null) return null;
    const latest = read.latest;
    if (!latest || latest.shown !== shown) return shown.title;
    return (
      deliverableNames([{ attachment: shown.attachment, view: shown, title: latest.title }])[0]?.label ??
      shown.title
    );
  };
}

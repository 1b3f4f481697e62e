import { lazy, Match, Show, Switch } from 'solid-js';
import type { ViewerTarget } from '@/page/state/app/ui-store.ts';
import { useApp } from '../../app/app-context.ts';
import { Icon } from '../../shared/icons.tsx';
import { SitePreview, WORKSPACE_PREVIEW_NOTE } from './preview-view.tsx';

const DeckViewer = lazy(() => import('./deck-viewer.tsx').then((module) => ({ default: module.DeckViewer })));

/**
 * The Viewer tab's name: what it shows, by name ("Harbour Tours"), never the same as the
 * step's own tab beside it ("Preview", "Deck"), which a deck or site named like it would be.
 */
export function viewerTabLabel(title: string, actionTabLabel: string): string {
  const name = title.trim() || 'Opened file';
  return name.toLowerCase() === actionTabLabel.toLowerCase() ? `${name} (opened)` : name;
}

/**
 * The Viewer tab: a deliverable opened from a result's attachment card, a deck in the
 * deck viewer or a site in the preview, under its name as its page now says it (`title`),
 * with a button that closes the tab.
 */
export function AttachmentViewer(props: { target: ViewerTarget; title: string }) {
  const { ui, conversations } = useApp();
  return (
    <div class="action-view attachment-viewer" data-view={`viewer-${props.target.kind}`}>
      <div class="details-title">
        <span class="action-icon">
          <Icon name={props.target.kind === 'deck' ? 'slides' : 'expose'} />
        </span>
        <h3>{props.title}</h3>
        <button
          type="button"
          class="icon-button"
          aria-label={`Close ${props.title}`}
          title="Close the viewer"
          onClick={() => ui.closeViewer()}
        >
          <Icon name="close" />
        </button>
      </div>
      <div class="action-view-body">
        <Switch>
          <Match when={props.target.kind === 'deck' ? props.target : null}>
            {(deck) => (
              <Show when={conversations.selectedId()} keyed>
                {(conversationId) => (
                  <DeckViewer
                    conversationId={conversationId}
                    deckPath={deck().path}
                    title={props.title}
                    downloadName={deck().downloadName}
                  />
                )}
              </Show>
            )}
          </Match>
          <Match when={props.target.kind === 'site' ? props.target : null}>
            {(site) => (
              <SitePreview
                url={site().url}
                isWorkspace={site().isWorkspace}
                title={props.title}
                note={
                  site().isWorkspace
                    ? WORKSPACE_PREVIEW_NOTE
                    : 'The server the Node runtime started, at the address it gave.'
                }
              />
            )}
          </Match>
        </Switch>
      </div>
    </div>
  );
}

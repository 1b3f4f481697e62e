import { createMemo, createSignal, Show } from 'solid-js';
import { type ExposedSite, exposedSite } from '@/page/state/computer/exposed-site.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { useApp } from '../../app/app-context.ts';
import { LivePane } from '../../previews/live-pane.tsx';
import { Icon } from '../../shared/icons.tsx';
import './web-views.css';
import type { StepViewEntry } from './step-view-entry.ts';

/** The app's scope, where the service worker serves `preview/`. */
const APP_BASE = new URL(import.meta.env.BASE_URL, window.location.origin);

/**
 * A site in a frame: its address (open in a new tab), a note, a reload button, and the
 * site itself. A preview of this app's workspace is framed like a live page (only once
 * seen sandboxed by the service worker); a server's URL (WebContainer's, another origin)
 * is framed with scripts, in its own origin.
 */
export function SitePreview(props: {
  /** The address to show: a workspace preview (already this conversation's) or a server's. */
  url: string | null;
  isWorkspace: boolean;
  note: string;
  title: string;
}) {
  const { workspace } = useApp();
  const [generation, setGeneration] = createSignal(0);
  /** The frame loads again on Reload, and when the workspace is put back (a rewind or its undo). */
  const loads = () => `${generation()}:${props.isWorkspace ? workspace.restoreCount() : 0}`;
  return (
    <div class="browser-view">
      <div class="browser-address">
        <Icon name="browser" size={14} />
        <Show when={props.url} fallback={<span class="browser-url">No address yet</span>}>
          {(url) => (
            <a class="browser-url" href={url()} target="_blank" rel="noopener noreferrer">
              {url()}
            </a>
          )}
        </Show>
      </div>
      <div class="view-toolbar">
        <span class="view-toolbar-note">{props.note}</span>
        <Show when={props.url}>
          <button type="button" class="button small" onClick={() => setGeneration((value) => value + 1)}>
            Reload
          </button>
          <a class="button small" href={props.url ?? undefined} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        </Show>
      </div>
      <Show
        when={props.url}
        keyed
        fallback={<p class="view-message">Nothing to show: the action gave no address.</p>}
      >
        {(url) => (
          // Keyed on the loads: Reload, or a workspace put back, mounts the frame afresh.
          <Show when={loads()} keyed>
            {(_reloads) =>
              props.isWorkspace ? (
                <LivePane url={url} title={props.title} />
              ) : (
                <iframe
                  class="live-page"
                  src={url}
                  title={props.title}
                  sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
                  referrerpolicy="no-referrer"
                />
              )
            }
          </Show>
        )}
      </Show>
    </div>
  );
}

/** The note under a workspace preview's address. */
export const WORKSPACE_PREVIEW_NOTE =
  'A local preview of the site in the workspace: it works offline, in this browser only.';

/** What the note says during a replay: the workspace is today's, and a server is not started again. */
const REPLAY_NOTES = {
  workspace:
    'A replay shows the site as it is in the workspace now, not as it was at this step. It works offline, in this browser only.',
  server: (port: number | string | null) =>
    `The server on port ${port ?? '?'} ran when this step was taken; a replay does not start it again, so its page shows only while that server still runs.`,
};

/**
 * An `expose` action: the site it gave, in a `SitePreview`: a workspace page at this
 * app's own address (wherever the step was recorded), or the server's address.
 */
export function PreviewView(props: { item: ActionItem }) {
  const { conversations, replay } = useApp();
  const site = createMemo((): ExposedSite => {
    const conversationId = conversations.selectedId();
    return conversationId === null
      ? { kind: 'none', port: null }
      : exposedSite(props.item.meta, conversationId, APP_BASE);
  });
  const url = () => {
    const shown = site();
    return shown.kind === 'none' ? null : shown.url;
  };
  const port = () => {
    const shown = site();
    return shown.kind === 'workspace' ? null : (shown.port ?? '?');
  };
  const note = () => {
    if (site().kind === 'workspace')
      return replay.isActive() ? REPLAY_NOTES.workspace : WORKSPACE_PREVIEW_NOTE;
    return replay.isActive()
      ? REPLAY_NOTES.server(port())
      : `The server on port ${port()}, at the address the Node runtime gave it.`;
  };
  return (
    <SitePreview
      url={url()}
      isWorkspace={site().kind === 'workspace'}
      title={site().kind === 'workspace' ? 'Site preview' : `The server on port ${port()}`}
      note={note()}
    />
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Preview',
  component: PreviewView,
  kinds: { expose: 'expose' },
};

import { createMemo, createSignal, Show } from 'solid-js';
import { livePageUrl } from '../../../state/computer/page-report.ts';
import { httpUrl } from '../../../state/computer/search-report.ts';
import type { ActionItem } from '../../../state/thread/thread-reducer.ts';
import { useApp } from '../../app/app-context.ts';
import { LivePane } from '../../previews/live-pane.tsx';
import { Icon } from '../../shared/icons.tsx';
import './web-views.css';

/** The app's scope, where the service worker serves `preview/`. */
const APP_BASE = new URL(import.meta.env.BASE_URL, window.location.origin);

/** What an `expose` action's meta says, read defensively (the UI never trusts a shape). */
function exposed(meta: Record<string, unknown>): {
  url: string | null;
  port: number | null;
  isPublic: boolean;
} {
  return {
    url: typeof meta.url === 'string' ? meta.url : null,
    port: typeof meta.port === 'number' ? meta.port : null,
    isPublic: meta.exposed === true,
  };
}

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
  const [generation, setGeneration] = createSignal(0);
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
          // Keyed on the reload count: Reload mounts the frame afresh.
          <Show when={generation() + 1} keyed>
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

/** An `expose` action: the server's address or the workspace preview it gave, in a `SitePreview`. */
export function PreviewView(props: { item: ActionItem }) {
  const { conversations } = useApp();
  const target = createMemo(() => exposed(props.item.meta));
  const workspacePreview = createMemo(() => {
    const { url } = target();
    const conversationId = conversations.selectedId();
    return url && conversationId ? livePageUrl(url, conversationId, APP_BASE) : null;
  });
  const serverUrl = createMemo(() => (workspacePreview() ? null : httpUrl(target().url ?? '')));
  return (
    <SitePreview
      url={workspacePreview() ?? serverUrl()}
      isWorkspace={workspacePreview() !== null}
      title={workspacePreview() ? 'Site preview' : `The server on port ${target().port ?? ''}`}
      note={
        target().isPublic
          ? `The server on port ${target().port ?? '?'}, at the address the Node runtime gave it.`
          : WORKSPACE_PREVIEW_NOTE
      }
    />
  );
}

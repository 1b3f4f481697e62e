import { createMemo, createSignal, Show } from 'solid-js';
import { livePageUrl } from '../../../state/computer/page-report.ts';
import { httpUrl } from '../../../state/computer/search-report.ts';
import type { ActionItem } from '../../../state/thread/thread-reducer.ts';
import { useApp } from '../../app/app-context.ts';
import { Icon } from '../../shared/icons.tsx';
import { LivePane } from './browser-view.tsx';
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
 * An `expose` action: its address (open in a new tab), whether it is a server's URL or
 * only a local preview, a reload button, and the site itself. A preview of this app's
 * workspace is framed like a live page (only once seen sandboxed by the service worker);
 * a server's URL (WebContainer's, another origin) is framed with scripts, in its own origin.
 */
export function PreviewView(props: { item: ActionItem }) {
  const { conversations } = useApp();
  const [generation, setGeneration] = createSignal(0);
  const target = createMemo(() => exposed(props.item.meta));
  const workspacePreview = createMemo(() => {
    const { url } = target();
    const conversationId = conversations.selectedId();
    return url && conversationId ? livePageUrl(url, conversationId, APP_BASE) : null;
  });
  const serverUrl = createMemo(() => (workspacePreview() ? null : httpUrl(target().url ?? '')));
  const shown = () => workspacePreview() ?? serverUrl();
  return (
    <div class="browser-view">
      <div class="browser-address">
        <Icon name="browser" size={14} />
        <Show when={shown()} fallback={<span class="browser-url">No address yet</span>}>
          {(url) => (
            <a class="browser-url" href={url()} target="_blank" rel="noopener noreferrer">
              {url()}
            </a>
          )}
        </Show>
      </div>
      <div class="view-toolbar">
        <span class="view-toolbar-note">
          {target().isPublic
            ? `The server on port ${target().port ?? '?'}, at the address the Node runtime gave it.`
            : 'A local preview of the site in the workspace: it works offline, in this browser only.'}
        </span>
        <Show when={shown()}>
          <button type="button" class="button small" onClick={() => setGeneration((value) => value + 1)}>
            Reload
          </button>
          <a class="button small" href={shown() ?? undefined} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        </Show>
      </div>
      <Show
        when={shown()}
        keyed
        fallback={<p class="view-message">Nothing to show: the action gave no address.</p>}
      >
        {(url) => (
          // Keyed on the reload count: Reload mounts the frame afresh.
          <Show when={generation() + 1} keyed>
            {(_reloads) =>
              workspacePreview() ? (
                <LivePane url={url} title="Site preview" />
              ) : (
                <iframe
                  class="live-page"
                  src={url}
                  title={`The server on port ${target().port ?? ''}`}
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

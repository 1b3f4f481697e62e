import { createResource, createSignal, Match, Show, Switch } from 'solid-js';
import { parsePreviewUrl } from '@/shared/pwa/preview-url.ts';
import { isSandboxedPolicy } from '../../state/computer/page-report.ts';
import { PreviewFrame } from './preview-frame.tsx';

/** The app's scope, where the service worker serves `preview/`. */
const SCOPE_PATH = new URL(import.meta.env.BASE_URL, window.location.origin).pathname;

/**
 * A workspace page live, with its console drawer. Chromium does not let a service worker
 * serve a frame sandboxed without its origin, and only the service worker serves
 * `preview/`; so the frame has no `sandbox` attribute and is shown only once the response
 * is seen to carry the preview route's CSP `sandbox allow-scripts …` (no
 * `allow-same-origin`): the page runs in an opaque origin, with no access to this app,
 * its storage or its keys. Its own storage (the preview runtime's) is kept by the app
 * under the conversation and site; "Clear storage" forgets it and reloads the page.
 */
export function LivePane(props: { url: string; title: string }) {
  // Only the first document of the frame is known to be sandboxed; should the page take the
  // frame somewhere this app can reach into (its own origin), the frame is removed at once.
  const [hasEscaped, setEscaped] = createSignal(false);
  const [check, { refetch }] = createResource(
    () => props.url,
    async (url) => {
      const response = await fetch(url, { cache: 'no-store' });
      void response.body?.cancel();
      return isSandboxedPolicy(response.headers.get('content-security-policy'));
    },
  );
  const conversationId = () => parsePreviewUrl(new URL(props.url), SCOPE_PATH)?.conversationId ?? null;

  return (
    <Switch>
      <Match when={check.loading}>
        <p class="view-message">Loading the live page…</p>
      </Match>
      <Match when={hasEscaped()}>
        <p class="view-message" role="alert">
          The live page navigated to a page that is not sandboxed, so it was closed.
        </p>
      </Match>
      <Match when={check.state === 'ready' && check() === true}>
        <div class="live-pane">
          <Show when={conversationId()}>
            {(owner) => (
              <PreviewFrame
                conversationId={owner()}
                src={props.url}
                title={props.title}
                frameClass="live-page"
                onEscaped={() => setEscaped(true)}
              />
            )}
          </Show>
        </div>
      </Match>
      <Match when={true}>
        <div class="view-message" role="alert">
          <p>
            The live page is not shown: it did not come back sandboxed from the offline service worker (it may
            still be starting).
          </p>
          <button type="button" class="button small" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </Match>
    </Switch>
  );
}

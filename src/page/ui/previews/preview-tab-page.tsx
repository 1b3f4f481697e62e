import { createSignal, Show } from 'solid-js';
import { render } from 'solid-js/web';
import { parsePreviewUrl } from '@/shared/pwa/preview-url.ts';
import { PreviewFrame } from './preview-frame.tsx';

/** Added to the framed address: a frame may not load its own parent's address (the browser stops the recursion). */
export const FRAMED_PARAMETER = 'sandpiper-preview-frame';

const SCOPE_PATH = new URL(import.meta.env.BASE_URL, window.location.origin).pathname;

/** The address the frame loads: this tab's, marked as framed. */
export function framedAddress(href: string): string {
  const url = new URL(href);
  url.searchParams.set(FRAMED_PARAMETER, '1');
  return url.href;
}

/**
 * A preview opened in a tab of its own (the service worker answers a top-level visit to
 * a `/preview/…` address with this page): the page framed as in the app, sandboxed in
 * its opaque origin, its storage kept by this tab under the conversation and site, and
 * its console in a drawer below.
 */
function PreviewTab(props: { conversationId: string; path: string }) {
  const [hasEscaped, setEscaped] = createSignal(false);
  document.title = `${props.path} — Sandpiper preview`;

  return (
    <main class="preview-tab">
      <Show
        when={!hasEscaped()}
        fallback={
          <p class="preview-tab-message" role="alert">
            The page navigated to a page that is not sandboxed, so it was closed.
          </p>
        }
      >
        <PreviewFrame
          conversationId={props.conversationId}
          src={framedAddress(window.location.href)}
          title={`Preview of ${props.path}`}
          frameClass="preview-tab-frame"
          onEscaped={() => setEscaped(true)}
        />
      </Show>
    </main>
  );
}

export function bootPreviewTab(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('preview-tab.html has no #root element.');
  const target = parsePreviewUrl(new URL(window.location.href), SCOPE_PATH);
  if (!target) {
    root.textContent = 'This address is not a preview of a conversation’s workspace.';
    return;
  }
  render(() => <PreviewTab conversationId={target.conversationId} path={target.path} />, root);
}

import { createSignal, onCleanup, Show } from 'solid-js';
import { render } from 'solid-js/web';
import { clearPreviewSite, previewFrames } from '../../host/previews/preview-host.ts';
import { parsePreviewUrl } from '../../pwa/preview-url.ts';
import { createPreviewConsoleStore } from '../../state/previews/preview-console-store.ts';
import { canReachFrame } from '../shared/frames.ts';
import { PreviewConsole } from './preview-console.tsx';

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
  const consoleStore = createPreviewConsoleStore();
  const [site, setSite] = createSignal<string | null>(null);
  const [generation, setGeneration] = createSignal(0);
  const [hasEscaped, setEscaped] = createSignal(false);
  document.title = `${props.path} — Sandpiper preview`;

  function attach(frame: HTMLIFrameElement): void {
    onCleanup(
      previewFrames().register(frame, {
        conversationId: props.conversationId,
        onConsole: (entry) => consoleStore.add(entry),
        onPageStart: (startedSite) => {
          consoleStore.clear();
          setSite(startedSite);
        },
      }),
    );
  }

  async function clearStorage(): Promise<void> {
    const shownSite = site();
    if (shownSite === null) return;
    await previewFrames().flushed();
    await clearPreviewSite(props.conversationId, shownSite);
    setGeneration((value) => value + 1);
  }

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
        {/* Keyed on the clear count: a cleared site reloads with empty storage. */}
        <Show when={generation() + 1} keyed>
          {(_clears) => (
            <iframe
              ref={attach}
              class="preview-tab-frame"
              src={framedAddress(window.location.href)}
              title={`Preview of ${props.path}`}
              referrerpolicy="no-referrer"
              onLoad={(event) => {
                if (canReachFrame(event.currentTarget)) setEscaped(true);
              }}
            />
          )}
        </Show>
        <PreviewConsole
          store={consoleStore}
          onClearStorage={site() === null ? undefined : () => void clearStorage()}
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

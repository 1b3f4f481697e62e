import { createSignal, onCleanup, Show } from 'solid-js';
import { clearPreviewSite, previewFrames } from '../../host/previews/preview-host.ts';
import { createPreviewConsoleStore } from '../../state/previews/preview-console-store.ts';
import { canReachFrame } from '../shared/frames.ts';
import { PreviewConsole } from './preview-console.tsx';

/**
 * A preview page in its frame with its console drawer below: the frame is registered
 * with this page's preview frames (its storage saved under `conversationId`, its console
 * shown), "Clear storage" forgets what the page's site keeps and loads it afresh, and a
 * frame the page took somewhere this app can reach into is reported (`onEscaped`) so the
 * caller removes it.
 */
export function PreviewFrame(props: {
  conversationId: string;
  src: string;
  title: string;
  frameClass: string;
  onEscaped: () => void;
}) {
  const consoleStore = createPreviewConsoleStore();
  const [site, setSite] = createSignal<string | null>(null);
  const [generation, setGeneration] = createSignal(0);

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
    <>
      {/* Keyed on the clear count: a cleared site loads again with empty storage. */}
      <Show when={generation() + 1} keyed>
        {(_clears) => (
          <iframe
            ref={attach}
            class={props.frameClass}
            src={props.src}
            title={props.title}
            referrerpolicy="no-referrer"
            onLoad={(event) => {
              if (canReachFrame(event.currentTarget)) props.onEscaped();
            }}
          />
        )}
      </Show>
      <PreviewConsole
        store={consoleStore}
        onClearStorage={site() === null ? undefined : () => void clearStorage()}
      />
    </>
  );
}

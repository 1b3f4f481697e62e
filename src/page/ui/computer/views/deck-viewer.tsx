import {
  createMemo,
  createResource,
  createSignal,
  For,
  Match,
  onCleanup,
  onMount,
  Show,
  Switch,
} from 'solid-js';
import { type DeckAddress, deckAddress } from '@/page/state/computer/deck-address.ts';
import {
  applyRevealMessage,
  parseRevealMessage,
  positionQueries,
  type RevealMethod,
  revealCommand,
  shouldAskPosition,
  UNKNOWN_POSITION,
} from '@/page/state/computer/deck-messages.ts';
import { singleFileDeck } from '@/page/state/computer/deck-single-file.ts';
import { isSandboxedPolicy } from '@/page/state/computer/page-report.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { workspacePathOf } from '@/shared/protocol/workspace.ts';
import { useApp } from '../../app/app-context.ts';
import { downloadBytes } from '../../shared/download.ts';
import { formatProgress } from '../../shared/format.ts';
import { canReachFrame } from '../../shared/frames.ts';
import { DeckControls } from './deck-controls.tsx';
import './deck-view.css';

/** The app's scope, where the service worker serves `preview/`. */
const APP_BASE = new URL(import.meta.env.BASE_URL, window.location.origin);

/** How the deck's page came back from the service worker. */
type FrameCheck = 'sandboxed' | 'missing' | 'not-sandboxed';

/**
 * A reveal.js deck of the workspace, framed from the preview route, with previous/next
 * (buttons, and ←/→ while the viewer has focus), a slide counter, full screen, "Export
 * PDF" (reveal's print view in a tab of its own, which prints itself) and "Download HTML"
 * (one file with reveal inlined). Chromium does not let a service worker serve a frame
 * sandboxed by attribute, so, as the live page does, the frame is shown only once its
 * response is seen to carry the route's CSP `sandbox allow-scripts …`: the deck's scripts
 * run in an opaque origin and the viewer talks to it only with reveal's postMessage API.
 */
export function DeckViewer(props: {
  conversationId: string;
  deckPath: string;
  title?: string;
  /** The single-file download's name (a result card's); by default the deck's folder's. */
  downloadName?: string | undefined;
}) {
  const address = createMemo(() => deckAddress(props.conversationId, props.deckPath, APP_BASE));
  const [check, { refetch }] = createResource(
    () => address()?.previewUrl,
    async (url): Promise<FrameCheck> => {
      const response = await fetch(url, { cache: 'no-store' });
      void response.body?.cancel();
      if (!isSandboxedPolicy(response.headers.get('content-security-policy'))) return 'not-sandboxed';
      return response.ok ? 'sandboxed' : 'missing';
    },
  );
  return (
    <Show
      when={address()}
      fallback={<p class="view-message">Nothing to show: {props.deckPath} is not a page in the workspace.</p>}
    >
      {(deck) => (
        <Switch>
          <Match when={check.loading}>
            <p class="view-message">Loading the deck…</p>
          </Match>
          <Match when={check.state === 'ready' && check() === 'sandboxed'}>
            <DeckStage
              deck={{ ...deck(), downloadName: props.downloadName ?? deck().downloadName }}
              conversationId={props.conversationId}
              title={props.title}
            />
          </Match>
          <Match when={check.state === 'ready' && check() === 'missing'}>
            <p class="view-message">The deck ({props.deckPath}) is not in the workspace now.</p>
          </Match>
          <Match when={true}>
            <div class="view-message" role="alert">
              <p>
                The deck is not shown: it did not come back sandboxed from the offline service worker (it may
                still be starting).
              </p>
              <button type="button" class="button small" onClick={() => void refetch()}>
                Try again
              </button>
            </div>
          </Match>
        </Switch>
      )}
    </Show>
  );
}

/** The framed deck and its controls, once the deck is known to be served sandboxed. */
function DeckStage(props: { deck: DeckAddress; conversationId: string; title: string | undefined }) {
  const { workspace, toasts } = useApp();
  let viewer: HTMLDivElement | undefined;
  let frame: HTMLIFrameElement | undefined;
  const [position, setPosition] = createSignal(UNKNOWN_POSITION);
  const [hasEscaped, setEscaped] = createSignal(false);
  const [isFullscreen, setFullscreen] = createSignal(false);
  const [isDownloading, setDownloading] = createSignal(false);
  const canFullscreen =
    typeof document.documentElement.requestFullscreen === 'function' && document.fullscreenEnabled;

  const post = (message: string) => frame?.contentWindow?.postMessage(message, '*');
  const send = (method: RevealMethod, args: readonly unknown[] = []) => post(revealCommand(method, args));

  onMount(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the deck's own frame is listened to; its origin is opaque ("null"), so the source is what tells.
      if (!frame || event.source !== frame.contentWindow) return;
      const message = parseRevealMessage(event.data);
      if (!message) return;
      if (shouldAskPosition(message)) for (const query of positionQueries()) post(query);
      setPosition((current) => applyRevealMessage(current, message));
    };
    const onFullscreenChange = () =>
      setFullscreen(viewer !== undefined && document.fullscreenElement === viewer);
    window.addEventListener('message', onMessage);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    onCleanup(() => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      if (viewer && document.fullscreenElement === viewer) void document.exitFullscreen().catch(() => {});
    });
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const methods: Record<string, () => void> = {
      ArrowLeft: () => send('prev'),
      ArrowRight: () => send('next'),
      PageUp: () => send('prev'),
      PageDown: () => send('next'),
      Home: () => send('slide', [0, 0]),
    };
    const run = methods[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };

  async function toggleFullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement === viewer) await document.exitFullscreen();
      else await viewer?.requestFullscreen();
    } catch (error) {
      toasts.show(`Could not go full screen: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function downloadHtml(): Promise<void> {
    setDownloading(true);
    try {
      const deck = await singleFileDeck(
        props.deck.workspacePath,
        async (path) => (await workspace.readFileIn(props.conversationId, path))?.content ?? null,
      );
      if (!deck) {
        toasts.show(
          `Could not download the deck: /home/ubuntu/${props.deck.workspacePath} is not in the workspace.`,
        );
        return;
      }
      downloadBytes(new TextEncoder().encode(deck.html), props.deck.downloadName, 'text/html;charset=utf-8');
      if (deck.missing.length > 0) {
        toasts.show(
          `Downloaded ${props.deck.downloadName}, but ${deck.missing.length} of its files could not be put inside it: ${deck.missing.join(', ')}.`,
        );
      }
    } catch (error) {
      toasts.show(`Could not download the deck: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setDownloading(false);
    }
  }

  const frameTitle = () => `Slide deck: ${props.title ?? `/home/ubuntu/${props.deck.workspacePath}`}`;
  return (
    <Show
      when={!hasEscaped()}
      fallback={
        <p class="view-message" role="alert">
          The deck navigated to a page that is not sandboxed, so it was closed.
        </p>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: ←/→ from any control of the viewer move the deck */}
      <div
        class="deck-viewer"
        classList={{ 'is-fullscreen': isFullscreen() }}
        ref={viewer}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div class="deck-stage">
          <iframe
            ref={frame}
            class="deck-frame"
            src={props.deck.previewUrl}
            title={frameTitle()}
            allow="fullscreen"
            referrerpolicy="no-referrer"
            onLoad={(event) => {
              if (canReachFrame(event.currentTarget)) setEscaped(true);
            }}
          />
        </div>
        <DeckControls
          position={position()}
          onMove={send}
          fullscreen={canFullscreen ? { isOn: isFullscreen(), toggle: () => void toggleFullscreen() } : null}
          printUrl={props.deck.printUrl}
          isDownloading={isDownloading()}
          onDownload={() => void downloadHtml()}
        />
      </div>
    </Show>
  );
}

/**
 * A `slides` action: while it runs, its progress; once built, how many slides and where,
 * any warnings, and the deck in the viewer.
 */
export function DeckView(props: { item: ActionItem }) {
  const { conversations, toolOutput, ui } = useApp();
  const meta = createMemo(() => readToolMeta('slides', props.item.meta));
  const warnings = () => meta().warnings ?? [];
  const progress = () => (props.item.status === 'running' ? toolOutput.statusOf(props.item.uuid) : null);
  return (
    <div class="deck-view">
      <Switch>
        <Match when={props.item.status === 'running'}>
          <p class="view-message">
            {(() => {
              const current = progress();
              return current ? formatProgress(current) : 'Building the deck…';
            })()}
          </p>
        </Match>
        <Match when={props.item.status === 'success' && meta().deck_path}>
          {(deckPath) => (
            <>
              <p class="deck-facts">
                <Show when={meta().slide_count !== undefined}>
                  <span>
                    {meta().slide_count} slide{meta().slide_count === 1 ? '' : 's'}
                  </span>
                </Show>
                <Show when={workspacePathOf(deckPath())} fallback={<span>{deckPath()}</span>}>
                  {(path) => (
                    <button type="button" class="link-button" onClick={() => ui.openFile(path())}>
                      {deckPath()}
                    </button>
                  )}
                </Show>
              </p>
              <Show when={warnings().length > 0}>
                <details class="deck-warnings">
                  <summary>
                    {warnings().length} warning{warnings().length === 1 ? '' : 's'}
                  </summary>
                  <ul>
                    <For each={warnings()}>{(warning) => <li>{warning}</li>}</For>
                  </ul>
                </details>
              </Show>
              <Show when={conversations.selectedId()} keyed>
                {(conversationId) => <DeckViewer conversationId={conversationId} deckPath={deckPath()} />}
              </Show>
            </>
          )}
        </Match>
        <Match when={true}>
          <p class="view-message">No deck was built.</p>
        </Match>
      </Switch>
    </div>
  );
}

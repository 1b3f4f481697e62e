import {
  createEffect,
  createMemo,
  createSignal,
  For,
  Match,
  on,
  onCleanup,
  onMount,
  Show,
  Switch,
} from 'solid-js';
import { unwrap } from 'solid-js/store';
import type { ThreadEntry } from '../../state/thread/phase-groups.ts';
import { useApp } from '../app/app-context.ts';
import { PlanPanel } from '../plan/plan-panel.tsx';
import { Icon } from '../shared/icons.tsx';
import { createIsOnline } from '../shared/is-online.ts';
import { ForkOrigin, RewoundLine } from './checkpoint-lines.tsx';
import { createThreadEntries } from './thread-entries.ts';
import { EntryView, ThinkingRow } from './thread-rows.tsx';
import { estimatedHeight, ThreadWindow, WINDOW_THRESHOLD } from './thread-window.tsx';
import { listenForWorkspaceLinks } from './workspace-links.ts';
import './steps.css';

const PINNED_DISTANCE_PX = 96;
/** After the person scrolls up, this long passes before being near the bottom pins the view again. */
const UNPIN_GRACE_MS = 250;
/** A scroll this soon after a person's wheel, key, touch or pointer is theirs; later ones are the layout's. */
const GESTURE_WINDOW_MS = 600;
const UPWARD_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * The open conversation: sticky plan, the event-log thread with its steps under their
 * plan phases (the current phase open, finished ones folded until opened), and a
 * "Thinking…" row while the model works. New rows, and rows that grow, keep the view at the bottom only if the
 * person is there; scrolling up (wheel or keys) lets go of the bottom at once. A long
 * thread (over `WINDOW_THRESHOLD` items) renders only the rows near the view
 * (`ThreadWindow`); a short one renders every row.
 */
export function Thread() {
  const { thread, ui } = useApp();
  const [isPinned, setPinned] = createSignal(true);
  let scroller: HTMLDivElement | undefined;
  let body: HTMLDivElement | undefined;
  let scrolledUpAt = Number.NEGATIVE_INFINITY;
  /** When the person last touched the scroller (wheel, key, touch, pointer); a held pointer counts until released. */
  let gestureAt = Number.NEGATIVE_INFINITY;
  let isPointerDown = false;

  const status = () => thread.state.conversation?.status;
  const entries = createThreadEntries(thread, isPinned);
  const allKeys = createMemo(() => entries.all().map((entry) => entry.key));
  // The virtualizer asks for the estimate of every unmeasured row each time it lays the list
  // out: read the items from the store's raw array (tracking only which array it is).
  const rawItems = createMemo(() => unwrap(thread.state.thread.items));
  /** A first guess of an entry's height: a header's, or its item's. */
  const estimate = (entry: ThreadEntry | undefined) =>
    entry?.kind === 'group' ? 38 : estimatedHeight(rawItems()[entry?.index ?? -1]);
  /**
   * Waiting for the model: not while an action runs, nor while a retry row counts down or
   * the offline row waits for the network (each says so itself).
   */
  const isOnline = createIsOnline();
  const isThinking = () => {
    const { items, runningActionUuids } = thread.state.thread;
    const last = items[items.length - 1];
    const isWaiting =
      last?.kind === 'notice' && (last.retry !== null || (last.noticeKind === 'offline' && !isOnline()));
    return status() === 'running' && runningActionUuids.length === 0 && !isWaiting;
  };
  /** The conversation shown windowed (a new window for each), or null for the full list. */
  const windowedConversation = () =>
    thread.state.thread.items.length > WINDOW_THRESHOLD ? (thread.state.thread.conversationId ?? '') : null;

  function scrollToBottom(): void {
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }

  /**
   * Only the person lets go of the bottom. A scroll nobody asked for (the full list swapped
   * for the windowed one, which clamps the position to the top for a moment, or rows
   * measured above the view) while pinned goes back to the bottom.
   */
  function onScroll(): void {
    if (!scroller) return;
    const distance = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    const isNearBottom = distance < PINNED_DISTANCE_PX;
    if (!isNearBottom) {
      if (isPointerDown || performance.now() - gestureAt < GESTURE_WINDOW_MS) setPinned(false);
      else if (isPinned()) scrollToBottomNextFrame();
    } else if (performance.now() - scrolledUpAt > UNPIN_GRACE_MS || distance < 1) setPinned(true);
  }

  function onGesture(): void {
    gestureAt = performance.now();
  }

  /** The person scrolled up: stop following the bottom now, not only once 96 px away. */
  function onScrolledUp(): void {
    scrolledUpAt = performance.now();
    setPinned(false);
  }

  // One scroll per frame however many events arrived in it (each scroll forces a layout).
  let isScrollPending = false;
  function scrollToBottomNextFrame(): void {
    if (isScrollPending) return;
    isScrollPending = true;
    requestAnimationFrame(() => {
      isScrollPending = false;
      scrollToBottom();
    });
  }

  onMount(() => {
    scrollToBottom();
    // Rows measured or grown after they rendered (a long thread's rows, late layout) change
    // the height without a new event: while pinned, the view follows before the next paint.
    const observer = new ResizeObserver(() => {
      if (isPinned()) scrollToBottom();
    });
    if (body) observer.observe(body);
    const onWheel = (event: WheelEvent) => {
      onGesture();
      if (event.deltaY < 0) onScrolledUp();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      onGesture();
      if (UPWARD_KEYS.has(event.key)) onScrolledUp();
    };
    const onPointerDown = () => {
      isPointerDown = true;
      onGesture();
    };
    const onPointerUp = () => {
      if (!isPointerDown) return;
      isPointerDown = false;
      onGesture();
    };
    // Links of the agent's text to workspace files open in the file viewer, as attachment cards do.
    if (scroller) onCleanup(listenForWorkspaceLinks(scroller, (path) => ui.openFile(path)));
    scroller?.addEventListener('wheel', onWheel, { passive: true });
    scroller?.addEventListener('keydown', onKeyDown);
    scroller?.addEventListener('pointerdown', onPointerDown);
    scroller?.addEventListener('touchmove', onGesture, { passive: true });
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    onCleanup(() => {
      observer.disconnect();
      scroller?.removeEventListener('wheel', onWheel);
      scroller?.removeEventListener('keydown', onKeyDown);
      scroller?.removeEventListener('pointerdown', onPointerDown);
      scroller?.removeEventListener('touchmove', onGesture);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
    });
  });
  createEffect(
    on([thread.revision, isThinking], () => {
      if (isPinned()) scrollToBottomNextFrame();
    }),
  );
  createEffect(
    on(
      () => thread.state.conversation?.id,
      () => {
        setPinned(true);
        requestAnimationFrame(scrollToBottom);
      },
    ),
  );

  /** Opening a group (a person reading back) lets go of the bottom, so the steps they opened stay in view. */
  const entryView = (key: string) => (
    <EntryView
      entryKey={key}
      entries={entries}
      isWorking={status() === 'running'}
      onToggle={(isOpen) => {
        if (isOpen) setPinned(false);
      }}
    />
  );

  return (
    <div
      class="thread-scroller"
      classList={{ 'is-windowed': windowedConversation() !== null }}
      ref={scroller}
      onScroll={onScroll}
    >
      <Show when={thread.state.plan}>
        {(plan) => <PlanPanel plan={plan()} isWorking={thread.state.conversation?.status === 'running'} />}
      </Show>
      <div class="thread-body" ref={body}>
        <ForkOrigin />
        <Switch>
          <Match when={thread.state.load === 'loading'}>
            <p class="thread-placeholder">Loading the conversation…</p>
          </Match>
          <Match when={thread.state.load === 'missing'}>
            <p class="thread-placeholder">
              This conversation no longer exists. Start a new one from the sidebar.
            </p>
          </Match>
          <Match when={thread.state.load === 'failed'}>
            <div class="notice-line is-error" role="alert">
              <Icon name="alert" />
              <span>Could not load this conversation: {thread.state.loadError}</span>
              <button type="button" class="button small" onClick={() => thread.reload()}>
                Try again
              </button>
            </div>
          </Match>
        </Switch>
        <Show
          when={windowedConversation()}
          keyed
          fallback={
            <ol class="thread-items" aria-label="Conversation">
              <For each={allKeys()}>{(key) => entryView(key)}</For>
              <Show when={isThinking()}>
                <ThinkingRow />
              </Show>
            </ol>
          }
        >
          {(_conversationId) => (
            <ThreadWindow
              rows={entries.visible()}
              estimate={estimate}
              scroller={() => scroller}
              renderRow={(key) => entryView(key)}
              tail={
                <Show when={isThinking()}>
                  <ThinkingRow />
                </Show>
              }
              onHeightChange={() => {
                if (isPinned()) scrollToBottom();
              }}
            />
          )}
        </Show>
        <RewoundLine />
      </div>
      <Show when={!isPinned()}>
        <button
          type="button"
          class="button jump-latest"
          onClick={() => {
            setPinned(true);
            scrollToBottom();
          }}
        >
          <Icon name="chevron-down" />
          Jump to latest
        </button>
      </Show>
    </div>
  );
}

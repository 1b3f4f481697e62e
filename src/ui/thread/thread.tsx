import { createEffect, createSignal, For, Match, on, onCleanup, onMount, Show, Switch } from 'solid-js';
import type { ActionItem, NoticeItem, ThreadItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { PlanPanel } from '../plan/plan-panel.tsx';
import { Icon, Spinner } from '../shared/icons.tsx';
import { ActionRow } from './action-row.tsx';
import { AskCard } from './ask-card.tsx';
import { MessageChips } from './attachment-chips.tsx';
import { InfoLine, NoticeLine } from './info-line.tsx';
import { LongText } from './long-text.tsx';
import { ResultCard } from './result-card.tsx';
import { ThreadWindow, WINDOW_THRESHOLD } from './thread-window.tsx';
import { listenForWorkspaceLinks } from './workspace-links.ts';

const PINNED_DISTANCE_PX = 96;
/** After the person scrolls up, this long passes before being near the bottom pins the view again. */
const UNPIN_GRACE_MS = 250;
/** A scroll this soon after a person's wheel, key, touch or pointer is theirs; later ones are the layout's. */
const GESTURE_WINDOW_MS = 600;
const UPWARD_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

function ItemView(props: { item: ThreadItem }) {
  const { ui } = useApp();
  return (
    <Switch>
      <Match when={props.item.kind === 'user' || props.item.kind === 'reply' ? props.item : null}>
        {(item) => (
          <li class="thread-item user-item" classList={{ 'is-reply': item().kind === 'reply' }}>
            <Show when={item().kind === 'reply'}>
              <span class="bubble-caption">Your reply</span>
            </Show>
            <Show when={item().text !== ''}>
              <LongText
                class="bubble"
                text={item().text}
                label={item().kind === 'reply' ? 'Your reply' : 'Your message'}
              />
            </Show>
            <Show when={item().attachments.length > 0}>
              <MessageChips attachments={item().attachments} onOpen={(path) => ui.openFile(path)} />
            </Show>
          </li>
        )}
      </Match>
      <Match when={props.item.kind === 'notice' ? (props.item as NoticeItem) : null}>
        {(item) => <NoticeLine item={item()} />}
      </Match>
      <Match when={props.item.kind === 'action' ? (props.item as ActionItem) : null}>
        {(item) => (
          <Switch>
            <Match when={item().view === 'info'}>
              <InfoLine item={item()} />
            </Match>
            <Match when={item().view === 'ask'}>
              <AskCard item={item()} />
            </Match>
            <Match when={item().view === 'result'}>
              <ResultCard item={item()} />
            </Match>
            <Match when={item().view === 'action'}>
              <ActionRow item={item()} />
            </Match>
          </Switch>
        )}
      </Match>
    </Switch>
  );
}

function ThinkingRow() {
  return (
    <li class="thread-item thinking-row">
      <Spinner />
      <span>Thinking…</span>
    </li>
  );
}

/**
 * The open conversation: sticky plan, the event-log thread, and a "Thinking…" row while
 * the model works. New rows, and rows that grow, keep the view at the bottom only if the
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
  /** Waiting for the model: not while an action runs, nor while a retry row counts down (it says so itself). */
  const isThinking = () => {
    const { items, runningActionUuids } = thread.state.thread;
    const last = items[items.length - 1];
    const isRetrying = last?.kind === 'notice' && last.retry !== null;
    return status() === 'running' && runningActionUuids.length === 0 && !isRetrying;
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
              <For each={thread.state.thread.items}>{(item) => <ItemView item={item} />}</For>
              <Show when={isThinking()}>
                <ThinkingRow />
              </Show>
            </ol>
          }
        >
          {(_conversationId) => (
            <ThreadWindow
              items={thread.state.thread.items}
              scroller={() => scroller}
              renderItem={(item) => <ItemView item={item} />}
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

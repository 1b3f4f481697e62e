import { createEffect, createSignal, For, Match, on, onMount, Show, Switch } from 'solid-js';
import type { ActionItem, NoticeItem, ThreadItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { PlanPanel } from '../plan/plan-panel.tsx';
import { Icon, Spinner } from '../shared/icons.tsx';
import { ActionRow } from './action-row.tsx';
import { AskCard } from './ask-card.tsx';
import { MessageChips } from './attachment-chips.tsx';
import { InfoLine, NoticeLine } from './info-line.tsx';
import { ResultCard } from './result-card.tsx';

const PINNED_DISTANCE_PX = 96;

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
              <div class="bubble">{item().text}</div>
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

/**
 * The open conversation: sticky plan, the event-log thread, and a "Thinking…" row while
 * the model works. New rows keep the view at the bottom only if the person is there.
 */
export function Thread() {
  const { thread } = useApp();
  const [isPinned, setPinned] = createSignal(true);
  let scroller: HTMLDivElement | undefined;

  const status = () => thread.state.conversation?.status;
  const isThinking = () => status() === 'running' && thread.state.thread.runningActionUuids.length === 0;

  function scrollToBottom(): void {
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }

  function onScroll(): void {
    if (!scroller) return;
    setPinned(scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < PINNED_DISTANCE_PX);
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

  onMount(scrollToBottom);
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
    <div class="thread-scroller" ref={scroller} onScroll={onScroll}>
      <Show when={thread.state.plan}>
        {(plan) => <PlanPanel plan={plan()} isWorking={thread.state.conversation?.status === 'running'} />}
      </Show>
      <div class="thread-body">
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
        <ol class="thread-items" aria-label="Conversation">
          <For each={thread.state.thread.items}>{(item) => <ItemView item={item} />}</For>
          <Show when={isThinking()}>
            <li class="thread-item thinking-row">
              <Spinner />
              <span>Thinking…</span>
            </li>
          </Show>
        </ol>
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

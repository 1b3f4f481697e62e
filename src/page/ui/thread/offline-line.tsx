import { Show } from 'solid-js';
import { isLastItem, type NoticeItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';
import { createIsOnline } from '../shared/is-online.ts';

/**
 * A model request that could not go while the browser was offline: while the run waits
 * for the network (the last row of a running conversation, while the browser is offline),
 * "You are offline", said politely, with a spinner; the request goes again by itself the
 * moment the network is back. Afterwards, a quiet line saying the run waited for it.
 */
export function OfflineLine(props: { item: NoticeItem }) {
  const { thread } = useApp();
  const isOnline = createIsOnline();
  const isLive = () =>
    !isOnline() &&
    thread.state.conversation?.status === 'running' &&
    isLastItem(thread.state.thread, props.item.key);
  return (
    <li
      class="thread-item notice-line retry-line offline-line"
      data-notice-kind="offline"
      classList={{ 'is-live': isLive() }}
      aria-live={isLive() ? 'polite' : undefined}
    >
      <Show when={isLive()} fallback={<Icon name="info" size={14} />}>
        <Spinner />
      </Show>
      <span class="notice-text">
        <Show when={isLive()} fallback="Offline for a while: the run went on once the network was back.">
          <strong>You are offline.</strong>{' '}
          <span class="retry-reason">The run goes on by itself as soon as the network is back.</span>
        </Show>
      </span>
    </li>
  );
}

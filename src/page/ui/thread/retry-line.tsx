import { createEffect, createSignal, onCleanup, Show } from 'solid-js';
import { isLastItem, type NoticeItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

/** The failure a `retrying` notice reports, without its "Retrying in N s (k of n)." ending. */
function failureOf(text: string): string {
  return text.replace(/\s*Retrying in \d+ s \(\d+ of \d+\)\.$/, '');
}

/**
 * A failed model request sent again: while the run waits for it (the last row of a running
 * conversation), "Retrying in 4 s (2 of 5)" counting down, with Cancel (the run then pauses
 * and asks); afterwards, which retry it was and why. A retry the person asked for after an
 * error shows as a plain line.
 */
export function RetryLine(props: { item: NoticeItem }) {
  const { thread, client, attempt } = useApp();
  const [now, setNow] = createSignal(Date.now());
  const [isCancelling, setCancelling] = createSignal(false);

  const isLive = () =>
    props.item.retry !== null &&
    thread.state.conversation?.status === 'running' &&
    isLastItem(thread.state.thread, props.item.key);
  /** The row before is a retry after the same failure: said once, not repeated in full. */
  const isSameAsBefore = () => {
    const items = thread.state.thread.items;
    const index = items.findIndex((item) => item.key === props.item.key);
    const before = items[index - 1];
    return (
      before?.kind === 'notice' &&
      before.retry !== null &&
      failureOf(before.text) === failureOf(props.item.text)
    );
  };
  const secondsLeft = () => Math.max(0, Math.ceil(((props.item.retry?.at ?? 0) - now()) / 1000));
  // Only the live row counts down (a thread keeps many past ones).
  createEffect(() => {
    if (!isLive()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    onCleanup(() => clearInterval(timer));
  });

  function cancel(): void {
    const id = thread.state.conversation?.id;
    if (!id || isCancelling()) return;
    setCancelling(true);
    void attempt(() => client.api.cancelRetries(id), 'Could not cancel the retries');
  }

  return (
    <li
      class="thread-item notice-line retry-line"
      data-notice-kind="retrying"
      classList={{ 'is-live': isLive() }}
    >
      <Show when={isLive()} fallback={<Icon name="refresh" size={14} />}>
        <Spinner />
      </Show>
      <span class="notice-text">
        <Show when={props.item.retry} fallback={props.item.text}>
          {(retry) => (
            <Show
              when={isLive()}
              fallback={
                <>
                  <strong>
                    Retry {retry().attempt} of {retry().of}
                  </strong>{' '}
                  {isSameAsBefore() ? 'after the same failure.' : `after: ${failureOf(props.item.text)}`}
                </>
              }
            >
              <strong>
                {secondsLeft() > 0 ? `Retrying in ${secondsLeft()} s` : 'Retrying now'} ({retry().attempt} of{' '}
                {retry().of})
              </strong>
              <span class="retry-reason">{failureOf(props.item.text)}</span>
            </Show>
          )}
        </Show>
      </span>
      {/* Once the request is on its way again there is nothing left to cancel but the run (Stop). */}
      <Show when={isLive() && secondsLeft() > 0}>
        <button type="button" class="button small" disabled={isCancelling()} onClick={cancel}>
          Cancel
        </button>
      </Show>
    </li>
  );
}

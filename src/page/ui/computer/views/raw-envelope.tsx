import { For, Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { useClock } from '../../shared/clock.ts';
import { Icon } from '../../shared/icons.tsx';
import { JsonView } from '../../shared/json-view.tsx';
import { actionDuration } from '../../thread/action-row.tsx';
import { LongText } from '../../thread/long-text.tsx';

/** The action as recorded: tool, action, timing, the envelope's content and its meta as JSON. */
export function RawView(props: { item: ActionItem }) {
  const now = useClock();
  const facts = () => [
    ['Tool', props.item.tool],
    ['Action', props.item.actionType],
    ['Started', new Date(props.item.startedAt).toLocaleTimeString()],
    ['Duration', actionDuration(props.item, now()) || '—'],
  ];
  return (
    <div class="raw-view">
      <dl class="details-facts">
        <For each={facts()}>
          {([term, value]) => (
            <div>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          )}
        </For>
      </dl>
      <ActionErrorNote item={props.item} />
      <Show when={props.item.content !== props.item.errorMessage}>
        <section class="details-section">
          <h4>{props.item.status === 'running' ? 'Description' : 'Output'}</h4>
          <LongText class="details-content" text={props.item.content || '(empty)'} label="Output" />
        </section>
      </Show>
      <section class="details-section">
        <h4>Meta</h4>
        <JsonView value={props.item.meta} label="Envelope meta" />
      </section>
    </div>
  );
}

/**
 * Why the action failed, when it did (shown above any view of it). A step the person stopped
 * did not fail: it says so in their words (a question's own view says it already).
 */
export function ActionErrorNote(props: { item: ActionItem }) {
  const isStopped = () => props.item.meta.error?.kind === 'cancelled';
  return (
    <Show
      when={!isStopped()}
      fallback={
        <Show when={props.item.role !== 'ask'}>
          <p class="details-stopped" role="note">
            You stopped this step.
          </p>
        </Show>
      }
    >
      <Show when={props.item.errorMessage}>
        {(message) => (
          <div class="details-error" role="note">
            <Icon name="alert" />
            <p>{message()}</p>
          </div>
        )}
      </Show>
    </Show>
  );
}

import { Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { LongText } from '../../thread/long-text.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/**
 * A step no other view describes (a tool of another profile without an output kind, a
 * refused call, a mode switched on): what it reported, in its own words, or what it is
 * doing while it runs. A failure's reason is shown above it already.
 */
export function OutputView(props: { item: ActionItem }) {
  const text = () => (props.item.status === 'running' ? props.item.description : props.item.content);
  return (
    <div class="step-view output-view">
      <Show when={text() && text() !== props.item.errorMessage}>
        <LongText class="details-content" text={text()} label="Output" />
      </Show>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Output',
  component: OutputView,
  kinds: { generate: 'generate' },
  roles: { plan: 'plan' },
  isText: true,
  isFallback: true,
};

import { Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { SubAgentSteps } from '../../thread/sub-agent-steps.tsx';
import { OutputView } from './output-view.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/**
 * A sub-agent's run (muxd's `task`): what it was asked, its steps (live while it runs, and
 * a link to its whole conversation), then what it answered.
 */
export function SubAgentView(props: { item: ActionItem }) {
  const run = () => readToolMeta('sub_agent', props.item.meta);
  return (
    <div class="step-view sub-agent-view">
      <Show when={run().description}>{(asked) => <h4 class="sub-agent-view-task">{asked()}</h4>}</Show>
      <Show when={run().conversation_id}>{(id) => <SubAgentSteps conversationId={id()} />}</Show>
      <section class="details-section" aria-label="Its answer">
        <h4>{props.item.status === 'running' ? 'Working' : 'Its answer'}</h4>
        <OutputView item={props.item} />
      </section>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Sub-agent',
  component: SubAgentView,
  kinds: { sub_agent: 'tool' },
  isText: true,
};

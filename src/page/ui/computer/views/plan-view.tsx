import { For, Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import type { PhaseStatus } from '@/shared/protocol/phase-plan.ts';
import { planFieldsOf } from '@/shared/protocol/tool-meta/plan-meta.ts';
import { Icon, type IconName } from '../../shared/icons.tsx';
import { OutputView } from './output-view.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

/** Each phase status in words, with its mark. */
const STATUS: Record<PhaseStatus, { word: string; icon: IconName | null }> = {
  completed: { word: 'Done', icon: 'check' },
  active: { word: 'In progress', icon: null },
  pending: { word: 'To do', icon: null },
  blocked: { word: 'Blocked', icon: 'alert' },
};

/**
 * A plan step: the plan as the step left it, its goal and each phase with where it stood.
 * A plan of another shape (a profile's own, kept as text) shows the step's output.
 */
export function PlanView(props: { item: ActionItem }) {
  const plan = () => planFieldsOf(props.item.meta);
  return (
    <Show when={plan()} fallback={<OutputView item={props.item} />}>
      {(shown) => (
        <div class="step-view plan-view">
          <h4 class="plan-view-goal">{shown().goal}</h4>
          <ol class="plan-view-phases" aria-label="Phases">
            <For each={shown().phases}>
              {(phase) => (
                <li data-status={phase.status}>
                  <span class="plan-view-mark" aria-hidden="true">
                    <Show when={STATUS[phase.status].icon} fallback={<span class="plan-view-dot" />}>
                      {(icon) => <Icon name={icon()} size={12} />}
                    </Show>
                  </span>
                  <span class="plan-view-title">{phase.title}</span>
                  <span class="plan-view-status">{STATUS[phase.status].word}</span>
                </li>
              )}
            </For>
          </ol>
        </div>
      )}
    </Show>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Plan',
  component: PlanView,
  kinds: { plan: 'plan' },
  isText: true,
};

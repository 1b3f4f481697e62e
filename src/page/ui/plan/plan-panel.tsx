import { createSignal, For, Match, onCleanup, onMount, Switch } from 'solid-js';
import type { Plan } from '@/shared/protocol/phase-plan.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

/**
 * The plan, sticky at the top of the thread: goal, phases in order (completed ✓, active
 * with a spinner, blocked with a warning sign, pending dimmed) and a progress bar. On
 * phones it folds into a strip.
 */
export function PlanPanel(props: { plan: Plan; isWorking: boolean }) {
  const [isExpanded, setExpanded] = createSignal(false);
  const total = () => props.plan.phases.length;
  const completed = () => props.plan.phases.filter((phase) => phase.status === 'completed').length;
  const active = () => props.plan.phases.find((phase) => phase.status === 'active');
  const percent = () => (total() === 0 ? 0 : Math.round((completed() / total()) * 100));
  let panel: HTMLElement | undefined;
  // The thread scrolls under this sticky panel: its height is the scroller's `--plan-height`,
  // so a row scrolled into view (by focus, a search, a step chosen) stops below it, not under it.
  onMount(() => {
    const scroller = panel?.closest<HTMLElement>('.thread-scroller');
    if (!panel || !scroller) return;
    const observer = new ResizeObserver(() => {
      scroller.style.setProperty('--plan-height', `${panel?.offsetHeight ?? 0}px`);
    });
    observer.observe(panel);
    onCleanup(() => {
      observer.disconnect();
      scroller.style.removeProperty('--plan-height');
    });
  });

  return (
    <section
      ref={panel}
      class="plan-panel"
      classList={{ 'is-expanded': isExpanded(), 'is-goal-in-strip': active() === undefined }}
      aria-label="Plan"
    >
      <button
        type="button"
        class="plan-strip"
        aria-expanded={isExpanded()}
        aria-controls="plan-details"
        onClick={() => setExpanded((value) => !value)}
      >
        <span class="plan-strip-text">{active()?.title ?? props.plan.goal}</span>
        <Icon name="chevron-down" size={14} />
      </button>
      <div class="plan-details" id="plan-details">
        <div class="plan-heading">
          <span class="plan-label">Plan</span>
          <h2 class="plan-goal">{props.plan.goal}</h2>
        </div>
        <ol class="plan-phases">
          <For each={props.plan.phases}>
            {(phase) => (
              <li
                class="plan-phase"
                data-phase-id={phase.id}
                data-status={phase.status}
                aria-current={phase.status === 'active' ? 'step' : undefined}
              >
                <span class="phase-marker">
                  <Switch>
                    <Match when={phase.status === 'completed'}>
                      <Icon name="check" size={12} />
                    </Match>
                    <Match when={phase.status === 'active' && props.isWorking}>
                      <Spinner />
                    </Match>
                    <Match when={phase.status === 'active'}>
                      <span class="phase-dot is-active" />
                    </Match>
                    <Match when={phase.status === 'pending'}>
                      <span class="phase-dot" />
                    </Match>
                    <Match when={phase.status === 'blocked'}>
                      <Icon name="alert" size={12} />
                    </Match>
                  </Switch>
                </span>
                <span class="phase-title">{phase.title}</span>
                <span class="visually-hidden">
                  {phase.status === 'completed'
                    ? '(completed)'
                    : phase.status === 'active'
                      ? '(in progress)'
                      : phase.status === 'blocked'
                        ? '(blocked)'
                        : '(pending)'}
                </span>
              </li>
            )}
          </For>
        </ol>
      </div>
      <div class="plan-progress">
        <div
          class="progress-bar"
          role="progressbar"
          aria-label="Plan progress"
          aria-valuemin={0}
          aria-valuemax={total()}
          aria-valuenow={completed()}
          aria-valuetext={`${completed()} of ${total()} phases completed`}
        >
          <span class="progress-fill" style={{ width: `${percent()}%` }} />
        </div>
        <span class="progress-count">
          {completed()} of {total()}
        </span>
      </div>
    </section>
  );
}

import { Match, Show, Switch } from 'solid-js';
import { type PhaseGroup, phaseGroupCountText } from '../../state/thread/phase-groups.ts';
import { useClock } from '../shared/clock.ts';
import { formatDuration } from '../shared/format.ts';
import { Icon, Spinner } from '../shared/icons.tsx';

const STATUS_WORDS: Record<PhaseGroup['status'], string> = {
  completed: 'done',
  active: 'in progress',
  pending: 'pending',
  blocked: 'blocked',
};

/**
 * A plan phase's header over the steps that ran in it: done ✓, current (a spinner while
 * the agent works), blocked or pending; its title, its step count and how long it took.
 * A button (Enter or Space) that folds or opens the steps under it.
 */
export function PhaseGroupHeader(props: {
  group: PhaseGroup;
  isOpen: boolean;
  isWorking: boolean;
  onToggle: () => void;
}) {
  const now = useClock();
  const duration = () => {
    const elapsed = (props.group.endedAt ?? now()) - props.group.startedAt;
    return elapsed >= 1_000 ? formatDuration(elapsed) : '';
  };
  return (
    <li class="thread-item phase-group-item" data-phase-id={props.group.phaseId}>
      <button
        type="button"
        class="phase-group-header"
        data-status={props.group.status}
        aria-expanded={props.isOpen}
        onClick={() => props.onToggle()}
      >
        <span class="phase-group-marker" aria-hidden="true">
          <Switch>
            <Match when={props.group.status === 'completed'}>
              <Icon name="check" size={13} />
            </Match>
            <Match when={props.group.status === 'active' && props.isWorking}>
              <Spinner />
            </Match>
            <Match when={props.group.status === 'blocked'}>
              <Icon name="alert" size={13} />
            </Match>
            <Match when={true}>
              <span class="phase-dot" />
            </Match>
          </Switch>
        </span>
        <span class="phase-group-title">{props.group.title}</span>
        <span class="visually-hidden">({STATUS_WORDS[props.group.status]})</span>
        <span class="phase-group-meta">
          {phaseGroupCountText(props.group, props.group.status === 'active')}
          <Show when={props.group.failedCount > 0}>
            <span class="phase-group-failed"> · {props.group.failedCount} failed</span>
          </Show>
          <span class="phase-group-duration">{duration() ? ` · ${duration()}` : ''}</span>
        </span>
        <span class="phase-group-chevron" aria-hidden="true">
          <Icon name="chevron-down" size={14} />
        </span>
      </button>
    </li>
  );
}

import { createEffect, createSignal, on, Show } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import { stepLabel } from '../../state/thread/step-label.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useClock } from '../shared/clock.ts';
import { Icon } from '../shared/icons.tsx';
import { EnvelopeStatusChip } from '../shared/status-chip.tsx';
import { actionDuration } from '../thread/action-row.tsx';
import { StepLabelText } from '../thread/step-label-text.tsx';
import { CheckpointActions } from './checkpoint-actions.tsx';
import { ModelImagesNote } from './model-images-note.tsx';
import { StepChanges } from './step-changes.tsx';
import { actionIcon, stepViewOf } from './step-views.ts';
import { ActionErrorNote, RawView } from './views/raw-envelope.tsx';
import './views/step-views.css';

/**
 * One action in the Computer panel: its title and status, then its own view (the
 * terminal, the file, the results, the preview, the message…); "Raw" shows the envelope
 * as recorded instead, for that step only: another step opens on its own view again.
 */
export function ActionView(props: { item: ActionItem }) {
  const now = useClock();
  const [isRaw, setRaw] = createSignal(false);
  createEffect(
    on(
      () => props.item.uuid,
      () => setRaw(false),
      { defer: true },
    ),
  );
  const view = () => stepViewOf(props.item);

  return (
    <div class="action-view" data-uuid={props.item.uuid} data-view={isRaw() ? 'raw' : view().name}>
      <div class="details-title">
        <span class="action-icon">
          <Icon name={actionIcon(props.item)} />
        </span>
        {/* What the step did, the very label its thread row shows ("Previewed notes-app"). */}
        <h3>
          <StepLabelText label={stepLabel(props.item)} />
        </h3>
        <EnvelopeStatusChip
          status={props.item.status}
          errorKind={props.item.meta.error?.kind}
          isLabelVisible
        />
      </div>
      <div class="action-subline">
        <span class="action-subline-type">{props.item.actionType}</span>
        <span>{new Date(props.item.startedAt).toLocaleTimeString()}</span>
        <Show when={actionDuration(props.item, now())}>{(duration) => <span>{duration()}</span>}</Show>
        <button
          type="button"
          class="raw-toggle"
          aria-pressed={isRaw()}
          title="Show this step as it was recorded (JSON)"
          onClick={() => setRaw(!isRaw())}
        >
          Raw
        </button>
      </div>
      <StepChanges item={props.item} />
      <CheckpointActions seq={props.item.settledSeq} subject="step" />
      <Show
        when={!isRaw()}
        fallback={
          <div class="action-view-body is-scrolling">
            <ModelImagesNote item={props.item} />
            <RawView item={props.item} />
          </div>
        }
      >
        <ActionErrorNote item={props.item} />
        <ModelImagesNote item={props.item} />
        <div class="action-view-body" classList={{ 'is-scrolling': view().isText === true }}>
          <Dynamic component={view().component} item={props.item} />
        </div>
      </Show>
    </div>
  );
}

import { type Component, createEffect, createSignal, lazy, on, Show } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import { type StepView, stepViewOf } from '../../state/computer/step-view.ts';
import { stepLabel } from '../../state/thread/step-label.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useClock } from '../shared/clock.ts';
import { actionIcon, Icon } from '../shared/icons.tsx';
import { EnvelopeStatusChip } from '../shared/status-chip.tsx';
import { actionDuration } from '../thread/action-row.tsx';
import { StepLabelText } from '../thread/step-label-text.tsx';
import { CheckpointActions } from './checkpoint-actions.tsx';
import { ModelImagesNote } from './model-images-note.tsx';
import { StepChanges } from './step-changes.tsx';
import { BrowserView } from './views/browser-view.tsx';
import { FileView } from './views/file-view.tsx';
import { MatchView } from './views/match-view.tsx';
import { MediaView } from './views/media-view.tsx';
import { MessageView } from './views/message-view.tsx';
import { OutputView } from './views/output-view.tsx';
import { PlanView } from './views/plan-view.tsx';
import { PreviewView } from './views/preview-view.tsx';
import { ProjectView } from './views/project-view.tsx';
import { ActionErrorNote, RawView } from './views/raw-view.tsx';
import { SearchView } from './views/search-view.tsx';
import { ShellView } from './views/shell-view.tsx';
import { SubAgentView } from './views/sub-agent-view.tsx';
import './views/step-views.css';

/** The deck viewer (with reveal's messages and the single-file download) loads when first shown. */
const DeckView = lazy(() => import('./views/deck-view.tsx').then((module) => ({ default: module.DeckView })));

/** The schedule card (cron in words) loads when a schedule action is first shown. */
const ScheduleView = lazy(() =>
  import('./views/schedule-view.tsx').then((module) => ({ default: module.ScheduleView })),
);

/**
 * The view of each kind of step, the name of its tab (whatever tool took the step), and
 * whether it is words (its body scrolls) rather than a live surface (a terminal, a frame).
 */
const VIEWS: Readonly<
  Record<StepView, { label: string; view: Component<{ item: ActionItem }>; isText?: true }>
> = {
  shell: { label: 'Terminal', view: ShellView },
  file: { label: 'Editor', view: FileView },
  match: { label: 'Results', view: MatchView },
  search: { label: 'Search', view: SearchView },
  browser: { label: 'Browser', view: BrowserView },
  expose: { label: 'Preview', view: PreviewView },
  generated_media: { label: 'Media', view: MediaView },
  slides: { label: 'Deck', view: DeckView },
  schedule: { label: 'Schedule', view: ScheduleView },
  plan: { label: 'Plan', view: PlanView, isText: true },
  message: { label: 'Message', view: MessageView, isText: true },
  project: { label: 'Project', view: ProjectView, isText: true },
  sub_agent: { label: 'Sub-agent', view: SubAgentView, isText: true },
  output: { label: 'Output', view: OutputView, isText: true },
};

/** The name of the action tab for an action ("Terminal", "Editor", "Preview", "Message", "Plan", "Output"…). */
export function actionTabLabel(item: ActionItem | undefined): string {
  return item ? VIEWS[stepViewOf(item)].label : 'Step';
}

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
    <div class="action-view" data-uuid={props.item.uuid} data-view={isRaw() ? 'raw' : view()}>
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
        <div class="action-view-body" classList={{ 'is-scrolling': VIEWS[view()].isText === true }}>
          <Dynamic component={VIEWS[view()].view} item={props.item} />
        </div>
      </Show>
    </div>
  );
}

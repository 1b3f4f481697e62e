import { type Component, type JSX, lazy, Match, Show, Switch } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import type { MetaKind } from '../../protocol/tool-meta/index.ts';
import { stepLabel } from '../../state/thread/step-label.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { useClock } from '../shared/clock.ts';
import { actionIcon, Icon } from '../shared/icons.tsx';
import { EnvelopeStatusChip } from '../shared/status-chip.tsx';
import { actionDuration } from '../thread/action-row.tsx';
import { CheckpointActions } from './checkpoint-actions.tsx';
import { ModelImagesNote } from './model-images-note.tsx';
import { StepChanges } from './step-changes.tsx';
import { BrowserView } from './views/browser-view.tsx';
import { FileView } from './views/file-view.tsx';
import { MatchView } from './views/match-view.tsx';
import { MediaView } from './views/media-view.tsx';
import { PreviewView } from './views/preview-view.tsx';
import { ActionErrorNote, RawView } from './views/raw-view.tsx';
import { SearchView } from './views/search-view.tsx';
import { ShellView } from './views/shell-view.tsx';

/** The deck viewer (with reveal's messages and the single-file download) loads when first shown. */
const DeckView = lazy(() => import('./views/deck-view.tsx').then((module) => ({ default: module.DeckView })));

/** The schedule card (cron in words) loads when a schedule action is first shown. */
const ScheduleView = lazy(() =>
  import('./views/schedule-view.tsx').then((module) => ({ default: module.ScheduleView })),
);

/** The output kinds with a view of their own (whatever tool produced them); every other action is shown raw. */
const VIEWS: Partial<Record<MetaKind, { label: string; view: Component<{ item: ActionItem }> }>> = {
  shell: { label: 'Terminal', view: ShellView },
  file: { label: 'Editor', view: FileView },
  match: { label: 'Results', view: MatchView },
  search: { label: 'Search', view: SearchView },
  browser: { label: 'Browser', view: BrowserView },
  expose: { label: 'Preview', view: PreviewView },
  generated_media: { label: 'Media', view: MediaView },
  slides: { label: 'Deck', view: DeckView },
  schedule: { label: 'Schedule', view: ScheduleView },
};

/** The name of the action tab for an action ("Terminal", "Editor", "Results", "Search", "Browser", "Preview", "Deck", "Schedule", or "Details"). */
export function actionTabLabel(item: ActionItem | undefined): string {
  return (item?.metaKind && VIEWS[item.metaKind]?.label) || 'Details';
}

/**
 * One action in the Computer panel: its title and status, then its tool's live view
 * (terminal, file, results) or, with "Raw" pressed or for other tools, the raw envelope.
 */
export function ActionView(props: { item: ActionItem }) {
  const { ui } = useApp();
  const now = useClock();
  const toolView = () => (props.item.metaKind ? VIEWS[props.item.metaKind] : undefined);
  const isRaw = () => ui.isRawView() || !toolView();

  return (
    <div
      class="action-view"
      data-uuid={props.item.uuid}
      data-view={isRaw() ? 'raw' : (props.item.metaKind ?? 'raw')}
    >
      <div class="details-title">
        <span class="action-icon">
          <Icon name={actionIcon(props.item)} />
        </span>
        {/* What the step did, in the thread's words ("Previewed notes-app"), not the call it ran under. */}
        <h3>{withPathBreaks(stepLabel(props.item).text)}</h3>
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
        <Show when={toolView()}>
          <button
            type="button"
            class="raw-toggle"
            aria-pressed={ui.isRawView()}
            title="Show the raw envelope (JSON)"
            onClick={() => ui.setRawView(!ui.isRawView())}
          >
            Raw
          </button>
        </Show>
      </div>
      <StepChanges item={props.item} />
      <CheckpointActions seq={props.item.settledSeq} subject="step" />
      <Switch>
        <Match when={isRaw()}>
          <div class="action-view-body is-scrolling">
            <ModelImagesNote item={props.item} />
            <RawView item={props.item} />
          </div>
        </Match>
        <Match when={toolView()}>
          {(entry) => (
            <>
              <ActionErrorNote item={props.item} />
              <ModelImagesNote item={props.item} />
              <div class="action-view-body">
                <Dynamic component={entry().view} item={props.item} />
              </div>
            </>
          )}
        </Match>
      </Switch>
    </div>
  );
}

/**
 * Text with a line-break opportunity after each `/`: a long path wraps between its folders,
 * keeping the file name whole, rather than inside a name.
 */
function withPathBreaks(text: string): JSX.Element {
  const parts = text.split('/');
  return parts.map((part, index) =>
    index < parts.length - 1 ? (
      <>
        {part}/<wbr />
      </>
    ) : (
      part
    ),
  );
}

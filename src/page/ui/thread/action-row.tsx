import { createMemo, Show } from 'solid-js';
import { changedFilesLabel } from '../../state/computer/file-changes.ts';
import { stepLabel } from '../../state/thread/step-label.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { actionIcon } from '../computer/step-views.ts';
import { useClock } from '../shared/clock.ts';
import { formatDuration, formatProgress, ignoredCallsNote } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { EnvelopeStatusChip } from '../shared/status-chip.tsx';
import { ForkMarks } from './checkpoint-lines.tsx';
import { StepLabelText } from './step-label-text.tsx';
import { SubAgentSteps, subAgentConversationOf } from './sub-agent-steps.tsx';

const MIN_SHOWN_DURATION_MS = 100;

/** "3.2s" for a finished action, the elapsed time for a running one, nothing for instant ones. */
export function actionDuration(item: ActionItem, now: number): string {
  const end = item.endedAt ?? (item.status === 'running' ? now : null);
  if (end === null) return '';
  const elapsed = end - item.startedAt;
  return elapsed < MIN_SHOWN_DURATION_MS && item.endedAt !== null ? '' : formatDuration(elapsed);
}

/** The small note under an action whose response had extra tool calls that were not run. */
export function IgnoredCalls(props: { names: string[] }) {
  return (
    <Show when={props.names.length > 0}>
      <span class="ignored-note">{ignoredCallsNote(props.names)}</span>
    </Show>
  );
}

/** "Downloading images (3 of 10)": a running action's latest status line, with its counts. */
export function progressText(status: {
  text: string;
  done?: number | undefined;
  total?: number | undefined;
}): string {
  const counts =
    status.done !== undefined && status.total !== undefined ? ` (${status.done} of ${status.total})` : '';
  return `${status.text}${counts}`;
}

/**
 * One action as a compact row that flips in place from running to done or failed, labelled
 * in words ("Wrote notes-app/index.html"); the raw action type is in its tooltip.
 */
export function ActionRow(props: { item: ActionItem }) {
  const { ui, toolOutput, workspaceChanges } = useApp();
  const changed = () => workspaceChanges.countOf(props.item.uuid);
  const status = () => (props.item.status === 'running' ? toolOutput.statusOf(props.item.uuid) : null);
  const now = useClock();
  const isSelected = () => ui.selectedActionUuid() === props.item.uuid;
  const label = createMemo(() => stepLabel(props.item));

  return (
    <li class="thread-item action-item">
      <button
        type="button"
        class="action-row"
        classList={{ 'is-selected': isSelected() }}
        data-action-type={props.item.actionType}
        data-uuid={props.item.uuid}
        data-status={props.item.status}
        data-error-kind={props.item.meta.error?.kind}
        aria-current={isSelected() ? 'true' : undefined}
        title={`${label().text}\n${props.item.actionType}`}
        onClick={() => ui.selectAction(props.item.uuid, { openSheet: true })}
      >
        <span class="action-line">
          <span class="action-icon">
            <Icon name={actionIcon(props.item)} />
          </span>
          <span class="action-text">
            <StepLabelText label={label()} />
          </span>
          <Show when={changed() > 0}>
            <span class="action-changes" title="What this step changed in the workspace">
              {changedFilesLabel(changed())}
            </span>
          </Show>
          <EnvelopeStatusChip status={props.item.status} errorKind={props.item.meta.error?.kind} />
          <span class="action-duration">{actionDuration(props.item, now())}</span>
        </span>
        <Show when={status()}>
          {(current) => <span class="action-progress">{formatProgress(current())}</span>}
        </Show>
        <Show when={props.item.errorMessage}>
          {(message) => <span class="action-error">{message()}</span>}
        </Show>
        <IgnoredCalls names={props.item.ignoredToolCalls} />
      </button>
      <ForkMarks settledSeq={props.item.settledSeq} uuid={props.item.uuid} />
      <Show when={subAgentConversationOf(props.item)}>
        {(conversationId) => <SubAgentSteps conversationId={conversationId()} />}
      </Show>
    </li>
  );
}

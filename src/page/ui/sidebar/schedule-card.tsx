import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { localTimeZone } from '@/shared/schedules/schedule-timing.ts';
import { localTime, scheduleInWords } from '@/shared/schedules/schedule-words.ts';
import {
  missedText,
  nextRunText,
  OUTCOME_LABEL,
  OUTCOME_TONE,
  runsOf,
} from '../../state/schedules/schedule-facts.ts';
import { useApp } from '../app/app-context.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';
import { CONVERSATION_STATUS_LABEL } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { ScheduleEditDialog } from './schedule-edit-dialog.tsx';
import { useSchedules } from './schedule-services.ts';
import './schedule-card.css';

/** Runs listed under a schedule; older ones stay in the conversation list. */
const LISTED_RUNS = 20;

/** When a schedule runs, in words, and its next run ("Paused", "Finished", or a local time). */
export function ScheduleSummary(props: { schedule: Schedule }) {
  return (
    <>
      <span class="schedule-when">{scheduleInWords(props.schedule)}</span>
      <span class="schedule-next" data-state={props.schedule.paused ? 'paused' : undefined}>
        <Show when={!props.schedule.paused && props.schedule.nextRunAt !== null}>Next: </Show>
        {nextRunText(props.schedule)}
      </span>
    </>
  );
}

/**
 * A schedule's state and controls: its time zone (when not this browser's), last run and
 * outcome (late marked, failure reason), missed runs; Pause/Resume, Run now, Edit and a
 * confirmed Delete; then the conversations it started, newest first, each opening it.
 */
export function ScheduleDetails(props: { schedule: Schedule }) {
  const { conversations, ui, attempt } = useApp();
  const { schedules } = useSchedules();
  const [busy, setBusy] = createSignal(false);
  const [isConfirming, setConfirming] = createSignal(false);
  const [isEditing, setEditing] = createSignal(false);
  const runs = createMemo(() => runsOf(props.schedule.id, conversations.state.conversations));
  let editButton: HTMLButtonElement | undefined;

  function open(conversationId: string): void {
    conversations.select(conversationId);
    ui.setSidebarOpen(false);
  }

  async function act(action: () => Promise<unknown>, failure: string): Promise<void> {
    setBusy(true);
    await attempt(action, failure);
    setBusy(false);
  }

  const togglePause = () =>
    act(
      () => schedules.setPaused(props.schedule.id, !props.schedule.paused),
      props.schedule.paused ? 'Could not resume the schedule' : 'Could not pause the schedule',
    );
  const runNow = () =>
    act(async () => open(await schedules.runNow(props.schedule.id)), 'Could not start the run');
  const remove = () => {
    setConfirming(false);
    return act(() => schedules.remove(props.schedule.id), 'Could not delete the schedule');
  };

  return (
    <div class="schedule-details">
      <dl class="schedule-facts">
        <Show when={props.schedule.timeZone !== localTimeZone()}>
          <div>
            <dt>Time zone</dt>
            <dd>
              {props.schedule.timeZone}
              <Show when={props.schedule.nextRunAt !== null && !props.schedule.paused}>
                {` (next: ${localTime(props.schedule.nextRunAt ?? 0, props.schedule.timeZone)})`}
              </Show>
            </dd>
          </div>
        </Show>
        <div>
          <dt>Last run</dt>
          <dd>
            <Show when={props.schedule.lastRun} fallback="Not yet">
              {(last) => (
                <>
                  <span class="schedule-last-time">{localTime(last().startedAt)}</span>
                  <span class="chip schedule-outcome" data-tone={OUTCOME_TONE[last().outcome]}>
                    {OUTCOME_LABEL[last().outcome]}
                  </span>
                  <Show when={last().late}>
                    <span
                      class="schedule-late"
                      title="Run after its time: Sandpiper was closed when it was due"
                    >
                      late
                    </span>
                  </Show>
                  <Show when={last().reason}>
                    {(reason) => <span class="schedule-reason">{reason()}</span>}
                  </Show>
                </>
              )}
            </Show>
          </dd>
        </div>
        <Show when={missedText(props.schedule)}>
          {(text) => (
            <div>
              <dt>Missed</dt>
              <dd>{text()}</dd>
            </div>
          )}
        </Show>
      </dl>
      <Show
        when={isConfirming()}
        fallback={
          <div class="schedule-actions">
            <button
              type="button"
              class="button small"
              disabled={busy() || props.schedule.nextRunAt === null}
              onClick={() => void togglePause()}
            >
              {props.schedule.paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" class="button small" disabled={busy()} onClick={() => void runNow()}>
              Run now
            </button>
            <button
              ref={editButton}
              type="button"
              class="button small"
              disabled={busy()}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
            <button
              type="button"
              class="icon-button schedule-delete"
              aria-label="Delete schedule"
              title="Delete"
              disabled={busy()}
              onClick={() => setConfirming(true)}
            >
              <Icon name="trash" size={15} />
            </button>
          </div>
        }
      >
        <DeleteConfirm
          question="Delete this schedule? The runs it made stay."
          onDelete={() => void remove()}
          onKeep={() => setConfirming(false)}
        />
      </Show>
      <Show when={runs().length > 0} fallback={<p class="schedule-no-runs">No runs yet.</p>}>
        <h4 class="schedule-runs-label">Runs ({runs().length})</h4>
        <ul class="schedule-runs">
          <For each={runs().slice(0, LISTED_RUNS)}>
            {(run) => (
              <li>
                <button
                  type="button"
                  class="schedule-run"
                  aria-current={conversations.selectedId() === run.id ? 'page' : undefined}
                  onClick={() => open(run.id)}
                >
                  <span class="status-dot" data-status={run.status} aria-hidden="true" />
                  <span class="schedule-run-time">{localTime(run.scheduled?.dueAt ?? run.createdAt)}</span>
                  <Show when={run.scheduled?.late}>
                    <span class="schedule-late">late</span>
                  </Show>
                  <span class="visually-hidden">, {CONVERSATION_STATUS_LABEL[run.status]}</span>
                </button>
              </li>
            )}
          </For>
        </ul>
        <Show when={runs().length > LISTED_RUNS}>
          <p class="schedule-no-runs">Older runs are in the conversation list.</p>
        </Show>
      </Show>
      <Show when={isEditing()}>
        <ScheduleEditDialog
          schedule={props.schedule}
          onClose={() => {
            setEditing(false);
            editButton?.focus();
          }}
        />
      </Show>
    </div>
  );
}

import { Show } from 'solid-js';
import { recordedSchedule, scheduleTypeLabel } from '@/page/state/schedules/schedule-facts.ts';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { localTime } from '@/shared/schedules/schedule-words.ts';
import { ScheduleDetails, ScheduleSummary } from '../../sidebar/schedule-card.tsx';
import { useSchedules } from '../../sidebar/schedule-services.ts';

/**
 * A `schedule` action: the schedule's card as the sidebar shows it (timing, next and last
 * run, actions, runs), looked up by the meta's id; once deleted, the facts the action
 * recorded and "deleted".
 */
export function ScheduleStep(props: { item: ActionItem }) {
  const { schedules } = useSchedules();
  const meta = () => readToolMeta('schedule', props.item.meta);
  const schedule = () => {
    const id = meta().id;
    return id ? schedules.byId(id) : undefined;
  };
  const recorded = () => recordedSchedule(meta(), props.item.callArguments);

  return (
    <div class="schedule-view">
      <Show
        when={schedule()}
        fallback={
          <div class="schedule-card" data-deleted={recorded().isStored ? '' : undefined}>
            <div class="schedule-card-heading">
              <h4 class="schedule-card-name">{recorded().name || 'Schedule'}</h4>
              <span class="schedule-type">{scheduleTypeLabel(recorded())}</span>
            </div>
            <span class="schedule-when">{recorded().words}</span>
            <p class="schedule-no-runs">
              {recorded().isStored
                ? schedules.state.isLoaded
                  ? 'This schedule was deleted.'
                  : 'Loading the schedule…'
                : props.item.status === 'running'
                  ? 'Scheduling…'
                  : 'No schedule was made.'}
            </p>
            <Show when={recorded().createdAt}>
              {(made) => <p class="schedule-no-runs">Made {localTime(made())}</p>}
            </Show>
          </div>
        }
      >
        {(current) => (
          <div class="schedule-card">
            <div class="schedule-card-heading">
              <h4 class="schedule-card-name">{current().name}</h4>
              <span class="schedule-type">{scheduleTypeLabel(current())}</span>
              <Show when={current().type === 'cron'}>
                <code class="schedule-cron">{current().cron}</code>
              </Show>
            </div>
            <ScheduleSummary schedule={current()} />
            <ScheduleDetails schedule={current()} />
          </div>
        )}
      </Show>
    </div>
  );
}

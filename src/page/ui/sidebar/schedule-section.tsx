import { createSignal, For, Show } from 'solid-js';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { SCHEDULES_NOTE, scheduleTypeLabel } from '../../state/schedules/schedule-facts.ts';
import { Icon } from '../shared/icons.tsx';
import { ScheduleDetails, ScheduleSummary } from './schedule-card.tsx';
import { useSchedules } from './schedule-services.ts';
import './schedules.css';

function ScheduleItem(props: { schedule: Schedule; isOpen: boolean; onToggle: () => void }) {
  const detailsId = () => `schedule-details-${props.schedule.id}`;
  return (
    <li class="schedule-item" data-paused={props.schedule.paused ? '' : undefined}>
      <button
        type="button"
        class="schedule-button"
        aria-expanded={props.isOpen}
        aria-controls={detailsId()}
        onClick={() => props.onToggle()}
      >
        <Icon name="chevron-right" size={14} class="schedule-chevron" />
        <span class="schedule-lines">
          <span class="schedule-name-line">
            <span class="schedule-name">{props.schedule.name}</span>
            <span class="schedule-type">{scheduleTypeLabel(props.schedule)}</span>
          </span>
          <ScheduleSummary schedule={props.schedule} />
        </span>
      </button>
      <Show when={props.isOpen}>
        <section id={detailsId()} class="schedule-item-details" aria-label={props.schedule.name}>
          <ScheduleDetails schedule={props.schedule} />
        </section>
      </Show>
    </li>
  );
}

/**
 * The sidebar's Schedules: nothing while there are none; else a collapsible list where
 * each schedule shows its name, timing and next run, and opens to its last run, actions
 * and runs. Offers notifications (asked only from the button) and says when schedules run.
 */
export function ScheduleSection() {
  const { schedules, notifications } = useSchedules();
  const [isExpanded, setExpanded] = createSignal(true);
  const [openId, setOpenId] = createSignal<string | null>(null);

  return (
    <Show when={schedules.state.schedules.length > 0}>
      <section class="schedules-section" aria-labelledby="schedules-heading">
        <h2 class="group-label schedules-heading" id="schedules-heading">
          <button
            type="button"
            class="schedules-toggle"
            aria-expanded={isExpanded()}
            onClick={() => setExpanded(!isExpanded())}
          >
            <Icon name="chevron-down" size={12} class="schedules-chevron" />
            Schedules
            <span class="schedules-count">{schedules.state.schedules.length}</span>
          </button>
        </h2>
        <Show when={isExpanded()}>
          <Show when={notifications.permission() === 'default'}>
            <div class="schedules-notify">
              <span>Get notified when a scheduled run finishes</span>
              <button
                type="button"
                class="button small"
                onClick={() => void notifications.requestPermission()}
              >
                Allow notifications
              </button>
            </div>
          </Show>
          <ul class="schedule-items">
            <For each={schedules.state.schedules}>
              {(schedule) => (
                <ScheduleItem
                  schedule={schedule}
                  isOpen={openId() === schedule.id}
                  onToggle={() => setOpenId(openId() === schedule.id ? null : schedule.id)}
                />
              )}
            </For>
          </ul>
          <p class="schedules-note">{SCHEDULES_NOTE}</p>
        </Show>
      </section>
    </Show>
  );
}

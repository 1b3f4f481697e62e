import { createRoot } from 'solid-js';
import { createStore, produce } from 'solid-js/store';
import type { Schedule, ScheduleEdit } from '@/shared/protocol/schedules.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { AgentClient } from '../app/agent-client.ts';
import { registerScheduleCheck } from '../app/periodic-schedule-check.ts';
import type { ConversationsStore } from '../thread/conversations-store.ts';
import { createScheduleNotifications, type ScheduleNotifications } from './schedule-notifications.ts';

type SchedulesState = { schedules: Schedule[]; isLoaded: boolean; loadError: string | null };

function byCreation(first: Schedule, second: Schedule): number {
  return first.createdAt - second.createdAt;
}

/**
 * Every schedule (oldest first), loaded from the worker and kept current by the
 * `schedule` and `schedule_deleted` broadcasts of every tab, with the panel's actions.
 * Each action resolves once the worker has done it and rejects with its reason.
 */
export function createSchedulesStore(client: AgentClient) {
  const [state, setState] = createStore<SchedulesState>({ schedules: [], isLoaded: false, loadError: null });

  function upsert(schedule: Schedule): void {
    setState(
      produce((draft) => {
        const index = draft.schedules.findIndex((entry) => entry.id === schedule.id);
        if (index >= 0 && (draft.schedules[index]?.updatedAt ?? 0) > schedule.updatedAt) return;
        if (index >= 0) draft.schedules[index] = schedule;
        else draft.schedules.push(schedule);
        draft.schedules.sort(byCreation);
      }),
    );
  }

  /** Background checks (Periodic Background Sync) are asked for once there is a schedule, once per page. */
  let hasAskedForChecks = false;
  function askForBackgroundChecks(): void {
    if (hasAskedForChecks || state.schedules.length === 0) return;
    hasAskedForChecks = true;
    void registerScheduleCheck();
  }

  function forget(scheduleId: string): void {
    setState('schedules', (list) => list.filter((entry) => entry.id !== scheduleId));
  }

  const unsubscribe = client.subscribe((message) => {
    if (message.type === 'schedule') {
      upsert(message.schedule);
      askForBackgroundChecks();
    } else if (message.type === 'schedule_deleted') forget(message.scheduleId);
  });

  async function refresh(): Promise<void> {
    try {
      const listed = await client.api.listSchedules();
      setState(
        produce((draft) => {
          const known = new Map(draft.schedules.map((entry) => [entry.id, entry]));
          draft.schedules = listed
            .map((entry) => {
              const newer = known.get(entry.id);
              return newer && newer.updatedAt > entry.updatedAt ? newer : entry;
            })
            .sort(byCreation);
          draft.isLoaded = true;
          draft.loadError = null;
        }),
      );
      askForBackgroundChecks();
    } catch (error) {
      setState({ isLoaded: true, loadError: problemText(error) });
    }
  }
  void refresh();

  async function edit(scheduleId: string, change: ScheduleEdit): Promise<Schedule> {
    const updated = await client.api.updateSchedule(scheduleId, change);
    upsert(updated);
    return updated;
  }

  return {
    state,
    refresh,
    /** The schedule with this id, if it exists (reactive). */
    byId(scheduleId: string): Schedule | undefined {
      return state.schedules.find((entry) => entry.id === scheduleId);
    },
    edit,
    setPaused(scheduleId: string, isPaused: boolean): Promise<Schedule> {
      return edit(scheduleId, { paused: isPaused });
    },
    async remove(scheduleId: string): Promise<void> {
      await client.api.deleteSchedule(scheduleId);
      forget(scheduleId);
    },
    /** Starts a run now (the timetable unchanged); resolves with the new conversation's id. */
    runNow(scheduleId: string): Promise<string> {
      return client.api.runScheduleNow(scheduleId);
    },
    dispose: unsubscribe,
  };
}

export type SchedulesStore = ReturnType<typeof createSchedulesStore>;

/** The schedules store and the run notifications, made once per agent client. */
export type SchedulesServices = { schedules: SchedulesStore; notifications: ScheduleNotifications };

const servicesByClient = new WeakMap<AgentClient, SchedulesServices>();

/**
 * The app's schedules services, created on first use (detached from the component that
 * asks first, so they live as long as the client): the sidebar and the Computer panel share them.
 */
export function schedulesFor(client: AgentClient, conversations: ConversationsStore): SchedulesServices {
  const existing = servicesByClient.get(client);
  if (existing) return existing;
  const services = createRoot(() => {
    const schedules = createSchedulesStore(client);
    const notifications = createScheduleNotifications({
      client,
      scheduleName: (scheduleId) => schedules.byId(scheduleId)?.name,
      open: (conversationId) => conversations.select(conversationId),
    });
    return { schedules, notifications };
  });
  servicesByClient.set(client, services);
  return services;
}

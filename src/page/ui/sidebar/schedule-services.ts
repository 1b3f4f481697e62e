import { type SchedulesServices, schedulesFor } from '../../state/schedules/schedules-store.ts';
import { useApp } from '../app/app-context.ts';

/** The schedules store and run notifications (one per app, shared by the sidebar and the Computer panel). */
export function useSchedules(): SchedulesServices {
  const { client, conversations } = useApp();
  return schedulesFor(client, conversations);
}

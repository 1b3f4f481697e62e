import type { Schedule } from '../protocol/schedules.ts';
import { DATABASE_NAME } from '../storage/db-name.ts';

/** The Periodic Background Sync tag under which the service worker looks for due schedules. */
export const SCHEDULE_CHECK_TAG = 'sandpiper-schedules';
/** How often Chromium is asked to wake the service worker for it (it decides; often daily at best). */
export const SCHEDULE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** What the service worker reads of a schedule (checked by hand: zod stays out of the service worker's bundle). */
export type ScheduleSummary = Pick<Schedule, 'id' | 'name' | 'paused' | 'nextRunAt'>;

function summaryOf(row: unknown): ScheduleSummary | null {
  const { id, name, paused, nextRunAt } = (row ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof paused !== 'boolean') return null;
  if (nextRunAt !== null && typeof nextRunAt !== 'number') return null;
  return { id, name: name.slice(0, 200), paused, nextRunAt };
}

/** The schedules as IndexedDB holds them (none when the database or its table does not exist yet). */
export function readSchedules(factory: IDBFactory = indexedDB): Promise<ScheduleSummary[]> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE_NAME);
    // Never create or upgrade the app's database from here.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains('schedules')) {
        database.close();
        resolve([]);
        return;
      }
      const read = database.transaction('schedules', 'readonly').objectStore('schedules').getAll();
      read.onerror = () => {
        database.close();
        reject(read.error);
      };
      read.onsuccess = () => {
        database.close();
        const rows = Array.isArray(read.result) ? (read.result as unknown[]) : [];
        resolve(rows.flatMap((row) => summaryOf(row) ?? []));
      };
    };
  });
}

/** The schedules due at `now`: not paused, with a next run that has passed. */
export function dueSchedules(schedules: readonly ScheduleSummary[], now: number): ScheduleSummary[] {
  return schedules.filter(
    (schedule) => !schedule.paused && schedule.nextRunAt !== null && schedule.nextRunAt <= now,
  );
}

/**
 * What the service worker says when it wakes (Periodic Background Sync) and finds
 * schedules due while no Sandpiper tab is open: it cannot run the agent itself (that
 * needs the page's worker), so it asks the person to open the app, which then runs one
 * catch-up per schedule. One notification per schedule and due time (`tag`).
 */
export function dueNotification(schedule: ScheduleSummary): { title: string; options: NotificationOptions } {
  return {
    title: `“${schedule.name}” is due`,
    options: {
      body: 'Open Sandpiper to run it: schedules run only while the app is open.',
      tag: `schedule-due:${schedule.id}:${schedule.nextRunAt}`,
      data: { scheduleId: schedule.id },
    },
  };
}

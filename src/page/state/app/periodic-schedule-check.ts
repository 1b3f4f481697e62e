import { SCHEDULE_CHECK_INTERVAL_MS, SCHEDULE_CHECK_TAG } from '@/shared/pwa/schedule-check.ts';

/** What asking for background checks came to: registered, or why not. */
export type ScheduleCheckRegistration = 'registered' | 'unsupported' | 'not-granted' | 'failed';

type PeriodicSyncManager = { register(tag: string, options: { minInterval: number }): Promise<void> };

/**
 * Asks the browser to wake the service worker now and then to look for due schedules
 * (Periodic Background Sync). Chromium grants it only to an installed app with enough
 * engagement, and decides itself how often (daily at best, as a rule); elsewhere this
 * is a no-op. Nothing is promised beyond what the browser gives.
 */
export async function registerScheduleCheck(): Promise<ScheduleCheckRegistration> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !('permissions' in navigator))
    return 'unsupported';
  try {
    const registration = await navigator.serviceWorker.ready;
    const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager })
      .periodicSync;
    if (!periodicSync) return 'unsupported';
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (status.state !== 'granted') return 'not-granted';
    await periodicSync.register(SCHEDULE_CHECK_TAG, { minInterval: SCHEDULE_CHECK_INTERVAL_MS });
    return 'registered';
  } catch {
    return 'failed';
  }
}

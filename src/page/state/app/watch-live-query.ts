import { liveQuery } from 'dexie';

/** What a watched query reports: each new result, and each failure. */
export type QueryWatcher<T> = { next(value: T): void; error(error: unknown): void };

/**
 * A Dexie `liveQuery` that outlives a failure. A live query ends at its first error (an
 * Observable's error ends it), so a store watching settings, projects or memories would
 * stop following them for good when the database could not be read for a while (on a full
 * disk Chromium cannot open it until space is freed). Here each failure is reported, and
 * the query is watched again after `retryMs`, doubling up to a minute, and back to
 * `retryMs` once it answers.
 */
export function watchLiveQuery<T>(
  query: () => Promise<T>,
  watcher: QueryWatcher<T>,
  retryMs = 2_000,
): { unsubscribe(): void } {
  let subscription: { unsubscribe(): void } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delayMs = retryMs;
  let isStopped = false;
  const watch = () => {
    subscription = liveQuery(query).subscribe({
      next: (value) => {
        delayMs = retryMs;
        watcher.next(value);
      },
      error: (error: unknown) => {
        watcher.error(error);
        if (isStopped) return;
        timer = setTimeout(watch, delayMs);
        delayMs = Math.min(delayMs * 2, 60_000);
      },
    });
  };
  watch();
  return {
    unsubscribe() {
      isStopped = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
    },
  };
}

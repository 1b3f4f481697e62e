import type { ScheduleService } from './schedule-service.ts';

/** Longest the leader sleeps between checks (a timer in a background tab may fire late, or not at all while the machine sleeps). */
export const MAX_SLEEP_MS = 30_000;
/** Shortest sleep between checks (a schedule that could not fire is not retried in a tight loop). */
const MIN_SLEEP_MS = 1_000;

/** Holds the scheduler's lock for as long as `task` runs (the Web Locks API across tabs; one holder at a time). */
export type LeaderLock = (task: () => Promise<void>) => Promise<unknown>;

/** Timers, injectable so tests run on a fake clock. */
export type SchedulerTimers = {
  set(callback: () => void, milliseconds: number): unknown;
  clear(handle: unknown): void;
};

const PLATFORM_TIMERS: SchedulerTimers = {
  set: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type LockManagerLike = { request(name: string, callback: () => Promise<unknown>): Promise<unknown> };

/** The scheduler's lock as Web Locks give it in every tab's worker (none in Node: every scheduler leads). */
export function webLeaderLock(name = 'sandpiper-scheduler'): LeaderLock {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ? (task) => locks.request(name, task) : (task) => task();
}

/**
 * Fires schedules while a tab is open. Each tab's worker asks for one Web Lock; the one
 * that holds it leads, and only the leader fires. When the leader's tab closes the
 * browser releases its lock and the next waiting tab leads at once, firing what came due
 * in between (a catch-up, marked late). The leader sleeps until the earliest next run,
 * at most `MAX_SLEEP_MS`, and is woken when a schedule changes. Firing itself is a
 * compare-and-set in IndexedDB, so even two leaders could not fire one instant twice.
 */
export class Scheduler {
  private isLeading = false;
  private isStopped = false;
  private timer: unknown = null;
  private running: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(
    private readonly service: Pick<ScheduleService, 'fireDue' | 'nextWake'>,
    private readonly options: {
      lock: LeaderLock;
      now: () => number;
      timers?: SchedulerTimers;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** True while this scheduler holds the lock. */
  get isLeader(): boolean {
    return this.isLeading;
  }

  /** Asks for the lock; resolves once this scheduler leads (never, while another tab does). */
  start(): Promise<void> {
    return new Promise((resolve) => {
      void this.options
        .lock(
          () =>
            new Promise<void>((release) => {
              if (this.isStopped) return release();
              this.release = release;
              this.isLeading = true;
              this.wake();
              resolve();
            }),
        )
        .catch((error: unknown) => this.options.onError?.(error));
    });
  }

  /** Checks for due schedules now and sleeps until the next (call when schedules change). */
  wake(): void {
    if (!this.isLeading || this.isStopped) return;
    const timers = this.options.timers ?? PLATFORM_TIMERS;
    if (this.timer !== null) timers.clear(this.timer);
    this.timer = null;
    this.running = this.running.then(() => this.tick());
  }

  /** Lets go of the lock (another tab may lead) and stops firing. */
  stop(): void {
    this.isStopped = true;
    this.isLeading = false;
    if (this.timer !== null) (this.options.timers ?? PLATFORM_TIMERS).clear(this.timer);
    this.timer = null;
    this.release?.();
  }

  /** Resolves when the checks asked for so far are done (tests). */
  settled(): Promise<void> {
    return this.running;
  }

  private async tick(): Promise<void> {
    if (!this.isLeading || this.isStopped) return;
    try {
      await this.service.fireDue();
    } catch (error) {
      this.options.onError?.(error);
    }
    if (!this.isLeading || this.isStopped) return;
    const next = await this.service.nextWake().catch(() => null);
    const wait =
      next === null
        ? MAX_SLEEP_MS
        : Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, next - this.options.now()));
    const timers = this.options.timers ?? PLATFORM_TIMERS;
    this.timer = timers.set(() => {
      this.timer = null;
      this.wake();
    }, wait);
  }
}

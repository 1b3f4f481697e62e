import * as Comlink from 'comlink';
import type { AgentWorkerApi } from '@/shared/protocol/worker-api.ts';

/** A started agent worker and its comlink remote. */
export type AgentWorker = {
  worker: Pick<Worker, 'addEventListener' | 'terminate'>;
  remote: Comlink.Remote<AgentWorkerApi>;
};

/** The part of `navigator.locks` the lifeline uses. */
export type LifeLocks = { request(name: string, callback: () => unknown): Promise<unknown> };

/** Restarts within `RESTART_WINDOW_MS` past which the lifeline gives up (a worker that dies at once, again and again). */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 60_000;
/**
 * How long the page waits before starting the new worker: writes the stopped worker had
 * already sent to IndexedDB can land after its lock was freed, and the new worker's
 * recovery must read them (measured: without the wait, 2 of 18 crashes left a
 * conversation running with no run).
 */
export const RESTART_DELAY_MS = 500;

/** Told when a stopped worker was replaced, and what calls in flight to it reject with. */
export const WORKER_RESTARTED =
  'The agent stopped unexpectedly (its worker crashed or ran out of memory) and was started again. Nothing that was shown is lost; a run it had going was interrupted.';
/** Told when the worker keeps stopping, and what every call then rejects with. */
export const WORKER_GAVE_UP =
  'The agent keeps stopping unexpectedly (its worker crashed several times in a minute), so it was not started again. Reload the page to try again.';

type Life = AgentWorker & {
  /** Rejects when this worker is found stopped (calls in flight race it). */
  stopped: Promise<never>;
  markStopped: (error: Error) => void;
  isStopped: boolean;
};

/**
 * Keeps an agent worker alive for the page. Each worker takes a Web Lock for its whole
 * life (`holdLifeLock`) and the page asks for the same lock, which the browser grants
 * only once the worker has stopped, however it stopped (a crash, out of memory, closed).
 * No heartbeat, so a busy worker is never taken for a dead one. A stopped worker is then
 * replaced: calls in flight to it reject with `WORKER_RESTARTED` (comlink would leave
 * them waiting forever), and the new worker recovers the runs the old one left, as after
 * a closed page. `api` always calls the current worker. Where Web Locks are missing, a
 * stopped worker is not noticed.
 */
export class WorkerLifeline {
  readonly api: Comlink.Remote<AgentWorkerApi>;
  private current: Life;
  private isDisposed = false;
  private restarts: number[] = [];
  /** Resolves once the worker that replaces a stopped one is started (null: none is being replaced). */
  private restarting: Promise<void> | null = null;

  constructor(
    private readonly start: () => AgentWorker,
    private readonly options: {
      locks: LifeLocks | undefined;
      onError: (message: string) => void;
      onRestart: () => void;
      now?: () => number;
      newLockName?: () => string;
      /** Defaults to `RESTART_DELAY_MS`. */
      restartDelayMs?: number;
    },
  ) {
    this.current = this.launch();
    this.api = new Proxy({} as Comlink.Remote<AgentWorkerApi>, {
      get: (_target, property) => {
        // Not a thenable: `await client.api` must not call the worker.
        if (property === 'then') return undefined;
        if (typeof property === 'symbol') return Reflect.get(this.current.remote, property);
        return (...args: unknown[]) => this.call(property, args);
      },
    });
  }

  /** Terminates the current worker; no new one is started. */
  dispose(): void {
    this.isDisposed = true;
    this.current.remote[Comlink.releaseProxy]();
    this.current.worker.terminate();
  }

  private async call(method: string, args: unknown[]): Promise<unknown> {
    // A call made while a stopped worker is being replaced goes to the new one.
    if (this.restarting) await this.restarting;
    const life = this.current;
    if (life.isStopped) throw new Error(WORKER_GAVE_UP);
    const callable = Reflect.get(life.remote, method) as (...values: unknown[]) => Promise<unknown>;
    return Promise.race([callable(...args), life.stopped]);
  }

  private launch(): Life {
    const started = this.start();
    let markStopped: (error: Error) => void = () => undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      markStopped = reject;
    });
    // Nobody may be racing it when it rejects.
    stopped.catch(() => undefined);
    const life: Life = { ...started, stopped, markStopped, isStopped: false };
    started.worker.addEventListener('error', (event) => {
      const message = (event as ErrorEvent).message;
      this.options.onError(
        message ? `The agent worker failed: ${message}` : 'The agent worker failed to load.',
      );
    });
    void this.watch(life);
    return life;
  }

  /** Resolves when `life`'s worker has stopped, then replaces it (unless the page moved on). */
  private async watch(life: Life): Promise<void> {
    const { locks } = this.options;
    if (!locks) return;
    const name = this.options.newLockName?.() ?? `sandpiper-agent-life-${crypto.randomUUID()}`;
    try {
      await life.remote.holdLifeLock(name);
    } catch {
      return;
    }
    await locks.request(name, () => undefined);
    if (this.isDisposed || this.current !== life) return;
    this.replace(life);
  }

  private replace(life: Life): void {
    life.isStopped = true;
    life.remote[Comlink.releaseProxy]();
    life.worker.terminate();
    const now = (this.options.now ?? Date.now)();
    this.restarts = [...this.restarts.filter((at) => now - at < RESTART_WINDOW_MS), now];
    if (this.restarts.length > MAX_RESTARTS) {
      life.markStopped(new Error(WORKER_GAVE_UP));
      this.options.onError(WORKER_GAVE_UP);
      return;
    }
    life.markStopped(new Error(WORKER_RESTARTED));
    this.options.onError(WORKER_RESTARTED);
    this.restarting = new Promise<void>((started) => {
      setTimeout(() => {
        this.restarting = null;
        if (!this.isDisposed) {
          this.current = this.launch();
          this.options.onRestart();
        }
        started();
      }, this.options.restartDelayMs ?? RESTART_DELAY_MS);
    });
  }
}

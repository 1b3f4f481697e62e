import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import type { AgentWorkerApi } from '@/shared/protocol/worker-api.ts';
import {
  type AgentWorker,
  type LifeLocks,
  MAX_RESTARTS,
  WORKER_GAVE_UP,
  WORKER_RESTARTED,
  WorkerLifeline,
} from './worker-lifeline.ts';

/** Exclusive locks granted in request order, as `navigator.locks` grants them; `release` frees a holder. */
class FakeLocks implements LifeLocks {
  private readonly held = new Map<string, () => void>();
  private readonly waiting = new Map<string, (() => void)[]>();

  request(name: string, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const grant = () => {
        const result = Promise.resolve(callback());
        const release = () => {
          this.held.delete(name);
          this.waiting.get(name)?.shift()?.();
        };
        this.held.set(name, release);
        void result.then((value) => {
          release();
          resolve(value);
        });
      };
      if (this.held.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), grant]);
      else grant();
    });
  }

  /** What the browser does when the worker holding `name` stops. */
  release(name: string): void {
    this.held.get(name)?.();
  }
}

/** A worker whose `holdLifeLock` takes a lock for ever, and whose `listConversations` answers or hangs. */
function fakeWorker(locks: FakeLocks, options: { hangs: boolean }) {
  let lockName = '';
  let terminated = false;
  const remote = {
    holdLifeLock: (name: string) =>
      new Promise<void>((held) => {
        lockName = name;
        void locks.request(name, () => {
          held();
          return new Promise(() => undefined);
        });
      }),
    listConversations: () => (options.hangs ? new Promise(() => undefined) : Promise.resolve([])),
    [Comlink.releaseProxy]: () => undefined,
  } as unknown as Comlink.Remote<AgentWorkerApi>;
  const worker = {
    addEventListener: () => undefined,
    terminate: () => {
      terminated = true;
    },
  };
  return {
    started: { worker, remote } as AgentWorker,
    crash: () => locks.release(lockName),
    isTerminated: () => terminated,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WorkerLifeline', () => {
  it('replaces a worker that stopped: calls in flight reject with the reason, later calls reach the new worker', async () => {
    const locks = new FakeLocks();
    const workers = [fakeWorker(locks, { hangs: true }), fakeWorker(locks, { hangs: false })];
    let next = 0;
    const errors: string[] = [];
    let restarts = 0;
    const lifeline = new WorkerLifeline(() => workers[next++]!.started, {
      locks,
      onError: (message) => errors.push(message),
      onRestart: () => {
        restarts += 1;
      },
      restartDelayMs: 0,
    });
    await settle();
    const inFlight = lifeline.api.listConversations();
    workers[0]!.crash();
    await expect(inFlight).rejects.toThrow(WORKER_RESTARTED);
    expect(workers[0]!.isTerminated()).toBe(true);
    expect(errors).toEqual([WORKER_RESTARTED]);
    // A call made while the new worker is being started waits for it.
    await expect(lifeline.api.listConversations()).resolves.toEqual([]);
    expect(restarts).toBe(1);
    // `await client.api` must not look like a promise.
    expect((lifeline.api as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it('does not take a busy worker for a dead one: a call that takes long still resolves', async () => {
    const locks = new FakeLocks();
    const worker = fakeWorker(locks, { hangs: false });
    const errors: string[] = [];
    const lifeline = new WorkerLifeline(() => worker.started, {
      locks,
      onError: (message) => errors.push(message),
      onRestart: () => undefined,
    });
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(lifeline.api.listConversations()).resolves.toEqual([]);
    expect(errors).toEqual([]);
  });

  it(`gives up after ${MAX_RESTARTS} restarts in a minute, and says to reload`, async () => {
    const locks = new FakeLocks();
    const workers = Array.from({ length: MAX_RESTARTS + 2 }, () => fakeWorker(locks, { hangs: true }));
    let next = 0;
    const errors: string[] = [];
    const lifeline = new WorkerLifeline(() => workers[next++]!.started, {
      locks,
      onError: (message) => errors.push(message),
      onRestart: () => undefined,
      now: () => 1_000,
      restartDelayMs: 0,
    });
    for (let crash = 0; crash <= MAX_RESTARTS; crash += 1) {
      await settle();
      workers[crash]!.crash();
      await settle();
      await settle();
    }
    expect(next).toBe(MAX_RESTARTS + 1);
    expect(errors.at(-1)).toBe(WORKER_GAVE_UP);
    await expect(lifeline.api.listConversations()).rejects.toThrow(WORKER_GAVE_UP);
  });

  it('starts nothing after dispose, even if the worker stops then', async () => {
    const locks = new FakeLocks();
    const worker = fakeWorker(locks, { hangs: true });
    let started = 0;
    const lifeline = new WorkerLifeline(
      () => {
        started += 1;
        return worker.started;
      },
      { locks, onError: () => undefined, onRestart: () => undefined },
    );
    await settle();
    lifeline.dispose();
    worker.crash();
    await settle();
    expect(started).toBe(1);
    expect(worker.isTerminated()).toBe(true);
  });
});

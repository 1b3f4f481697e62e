import { describe, expect, it } from 'vitest';
import { SKIP_WAITING_MESSAGE } from '@/shared/pwa/messages.ts';
import { handOverToWaitingWorker, type ServiceWorkerContainerPort } from './waiting-worker-handover.ts';

/** A service worker container; its waiting worker takes over when asked unless `isStuck`. */
function fakeContainer(options: { hasWaiting: boolean; isStuck: boolean }) {
  const posted: unknown[] = [];
  let listener: (() => void) | null = null;
  const waiting = {
    postMessage(message: unknown) {
      posted.push(message);
      if (!options.isStuck) queueMicrotask(() => listener?.());
    },
  };
  const container: ServiceWorkerContainerPort = {
    getRegistration: async () => ({ waiting: options.hasWaiting ? waiting : null }),
    addEventListener: (_type, callback) => {
      listener = callback;
    },
    removeEventListener: () => {
      listener = null;
    },
  };
  return { container, posted, hasListener: () => listener !== null };
}

/** Timers run by hand. */
function manualTimers() {
  const pending: Array<{ callback: () => void; ms: number }> = [];
  return {
    setTimer: (callback: () => void, ms: number) => {
      pending.push({ callback, ms });
      return pending.length;
    },
    clearTimer: () => {
      pending.length = 0;
    },
    pending,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('handOverToWaitingWorker', () => {
  it('asks the waiting worker to skip waiting and reloads once it controls the page', async () => {
    const fake = fakeContainer({ hasWaiting: true, isStuck: false });
    const timers = manualTimers();
    let reloads = 0;
    handOverToWaitingWorker(fake.container, '/', { reload: () => reloads++, ...timers });
    await flush();
    expect(fake.posted).toEqual([{ type: SKIP_WAITING_MESSAGE }]);
    expect(reloads).toBe(1);
    expect(timers.pending).toEqual([]);
    expect(fake.hasListener()).toBe(false);
  });

  it('reloads anyway when the new worker has not taken over in time (a dropped activation)', async () => {
    const fake = fakeContainer({ hasWaiting: true, isStuck: true });
    const timers = manualTimers();
    let reloads = 0;
    handOverToWaitingWorker(fake.container, '/', { reload: () => reloads++, fallbackMs: 1234, ...timers });
    await flush();
    expect(fake.posted).toHaveLength(1);
    expect(reloads).toBe(0);
    expect(timers.pending.map((timer) => timer.ms)).toEqual([1234]);
    timers.pending[0]?.callback();
    expect(reloads).toBe(1);
    expect(fake.hasListener()).toBe(false);
  });

  it('just reloads when no worker waits (another tab switched already)', async () => {
    const fake = fakeContainer({ hasWaiting: false, isStuck: false });
    const timers = manualTimers();
    let reloads = 0;
    handOverToWaitingWorker(fake.container, '/', { reload: () => reloads++, ...timers });
    await flush();
    expect(fake.posted).toEqual([]);
    expect(reloads).toBe(1);
  });

  it('does nothing more once cancelled', async () => {
    const fake = fakeContainer({ hasWaiting: true, isStuck: true });
    const timers = manualTimers();
    let reloads = 0;
    const cancel = handOverToWaitingWorker(fake.container, '/', { reload: () => reloads++, ...timers });
    cancel();
    await flush();
    expect(fake.posted).toEqual([]);
    expect(reloads).toBe(0);
  });
});

import { SKIP_WAITING_MESSAGE } from '@/shared/pwa/messages.ts';

/** How long the page waits for the new worker to take over before reloading anyway. */
export const HANDOVER_FALLBACK_MS = 3000;

/** The parts of `navigator.serviceWorker` the handover uses (a fake in tests). */
export interface ServiceWorkerContainerPort {
  getRegistration(
    scope: string,
  ): Promise<{ readonly waiting: { postMessage(message: unknown): void } | null } | undefined>;
  addEventListener(type: 'controllerchange', listener: () => void, options: { once: true }): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface HandoverOptions {
  /** Called once: the new worker controls the page, none was waiting, or the wait ran out. */
  reload(): void;
  fallbackMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Asks the waiting service worker to take over and reloads once it controls the page.
 *
 * The message is posted to the waiting worker itself, since workbox's `messageSkipWaiting`
 * does nothing until its `register()` resolves after the page's load.
 *
 * If the new worker has not taken over after `fallbackMs`, the page reloads anyway.
 * Chromium can leave an accepted worker `installed` for good: when the old worker is
 * woken by a request (the agent worker's module imports, soon after a load) while it is
 * being stopped for the switch, the activation is dropped, and asking again does not
 * help. Leaving the page lets the switch finish. Measured with the devtools protocol's
 * worker states over 60 clicks made within half a second of a load: 7 switches were
 * dropped; the reload then landed on the new version 4 times, on the old build twice
 * (already controlled by the new worker, so the next load is new) and once on a page
 * that never finished loading. Of 30 clicks made once the page had settled, none was dropped.
 */
export function handOverToWaitingWorker(
  container: ServiceWorkerContainerPort,
  scope: string,
  options: HandoverOptions,
): () => void {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let isDone = false;
  let timer: unknown = null;

  const finish = (): boolean => {
    if (isDone) return false;
    isDone = true;
    if (timer !== null) clearTimer(timer);
    container.removeEventListener('controllerchange', reloadOnce);
    return true;
  };
  function reloadOnce(): void {
    if (finish()) options.reload();
  }
  container.addEventListener('controllerchange', reloadOnce, { once: true });

  void container
    .getRegistration(scope)
    .catch(() => undefined)
    .then((registration) => {
      if (isDone) return;
      const waiting = registration?.waiting ?? null;
      // None waiting: another tab switched already; a reload lands on the current version.
      if (!waiting) {
        reloadOnce();
        return;
      }
      waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
      timer = setTimer(reloadOnce, options.fallbackMs ?? HANDOVER_FALLBACK_MS);
    });
  return () => {
    finish();
  };
}

import { createSignal } from 'solid-js';
import { Workbox } from 'workbox-window';
import { takeEarlyInstallPrompt } from './early-install-prompt.ts';
import { hasInteractedEarly } from './early-interaction.ts';
import { ISOLATION_RELOAD_KEY, shouldReloadForIsolation } from './isolation-reload.ts';
import { handOverToWaitingWorker } from './waiting-worker-handover.ts';

/** How often an open tab asks whether a new version was deployed (browsers also check on navigation). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The browser's install prompt (Chromium's `beforeinstallprompt` event; not in the DOM typings). */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // No sessionStorage (a locked-down browser): the reload guard cannot be kept, so no reload.
  }
}

/**
 * The installed app's life cycle: registers the service worker (built apps only, never
 * under `vite dev`), offers a waiting new version instead of switching under the person,
 * reloads once into cross-origin isolation after the first install on a static host,
 * and offers the browser's install prompt when there is one.
 */
export function createAppUpdatesStore() {
  const [isUpdateWaiting, setUpdateWaiting] = createSignal(false);
  const [installPrompt, setInstallPrompt] = createSignal<InstallPromptEvent | null>(null);
  const cleanups: Array<() => void> = [];
  let workbox: Workbox | null = null;
  let isAccepting = false;
  // Counted from the page's start: the app shell can be used before this store exists.
  let hasInteracted = hasInteractedEarly();

  function listen(type: string, listener: (event: Event) => void, options?: AddEventListenerOptions): void {
    window.addEventListener(type, listener, options);
    cleanups.push(() => window.removeEventListener(type, listener, options));
  }

  const noteInteraction = () => {
    hasInteracted = true;
  };
  listen('pointerdown', noteInteraction, { capture: true });
  listen('keydown', noteInteraction, { capture: true });
  listen('input', noteInteraction, { capture: true });

  const early = takeEarlyInstallPrompt();
  if (early) setInstallPrompt(early as InstallPromptEvent);
  listen('beforeinstallprompt', (event) => {
    event.preventDefault();
    setInstallPrompt(event as InstallPromptEvent);
  });
  listen('appinstalled', () => setInstallPrompt(null));

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const base = import.meta.env.BASE_URL;
    workbox = new Workbox(`${base}sw.js`, { scope: base });
    workbox.addEventListener('waiting', () => setUpdateWaiting(true));
    workbox.addEventListener('controlling', (event) => {
      // Accepting: the handover reloads, once (see `acceptUpdate`).
      if (isAccepting) return;
      if (event.isExternal) {
        // Another tab accepted a new version: this page still runs the old one. A first
        // install that another page started (the person reloaded while it installed) is
        // external too, but no version ran before it: nothing to offer, and no reload under
        // the person either (the next visit is cross-origin isolated).
        if (event.isUpdate) setUpdateWaiting(true);
        return;
      }
      const facts = {
        isUpdate: event.isUpdate === true,
        isCrossOriginIsolated: window.crossOriginIsolated,
        hasReloaded: readSession(ISOLATION_RELOAD_KEY) !== null,
        hasInteracted,
      };
      if (!shouldReloadForIsolation(facts)) return;
      writeSession(ISOLATION_RELOAD_KEY, String(Date.now()));
      if (readSession(ISOLATION_RELOAD_KEY) !== null) window.location.reload();
    });
    void workbox.register().catch((error: unknown) => {
      console.warn('Sandpiper: the service worker could not be registered; offline use is off.', error);
    });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void workbox?.update().catch(() => undefined);
    }, UPDATE_CHECK_INTERVAL_MS);
    cleanups.push(() => clearInterval(timer));
  }

  return {
    /** True when a new version is ready and waits for the person to accept it. */
    isUpdateWaiting,
    /** True when the browser offers to install the app. */
    canInstall: () => installPrompt() !== null,
    /**
     * Switches to the new version: the waiting service worker takes over and the page
     * reloads once it controls the page (or after a few seconds anyway, when the browser
     * dropped the switch). With none waiting (another tab already switched), just reloads.
     */
    acceptUpdate(): void {
      setUpdateWaiting(false);
      if (!workbox) {
        window.location.reload();
        return;
      }
      // One handover at a time: it always ends in a reload, within a few seconds.
      if (isAccepting) return;
      isAccepting = true;
      cleanups.push(
        handOverToWaitingWorker(navigator.serviceWorker, import.meta.env.BASE_URL, {
          reload: () => window.location.reload(),
        }),
      );
    },
    /**
     * Work the page must not lose to a reload is under way (an import from a link): the
     * one-time reload into isolation is skipped, as after an interaction.
     */
    holdReloads(): void {
      hasInteracted = true;
    },
    /** Hides the prompt until the next page load (the new version then waits on). */
    dismissUpdate(): void {
      setUpdateWaiting(false);
    },
    /** Shows the browser's install dialog; resolves once the person chose. */
    async install(): Promise<void> {
      const prompt = installPrompt();
      if (!prompt) return;
      setInstallPrompt(null);
      await prompt.prompt();
      await prompt.userChoice.catch(() => undefined);
    },
    dispose(): void {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

export type AppUpdatesStore = ReturnType<typeof createAppUpdatesStore>;

import { createStore } from 'solid-js/store';

/** An error (something failed: said at once, as an alert) or news of something done (said politely). */
export type ToastTone = 'error' | 'done';

export type Toast = { id: number; message: string; tone: ToastTone };

const AUTO_DISMISS_MS = 12_000;

/**
 * Toasts above the composer: failed worker calls, and news of something done that shows
 * nowhere else (a bundle imported, saved to the downloads); each dismisses itself after a while.
 */
export function createToastStore() {
  const [state, setState] = createStore<{ toasts: Toast[] }>({ toasts: [] });
  let nextId = 1;

  function dismiss(id: number): void {
    setState('toasts', (toasts) => toasts.filter((toast) => toast.id !== id));
  }

  /** Shows `message` (an error unless `tone` says otherwise), replacing a toast of the same text. */
  function show(message: string, tone: ToastTone = 'error'): void {
    const id = nextId++;
    setState('toasts', (toasts) => [
      ...toasts.filter((toast) => toast.message !== message),
      { id, message, tone },
    ]);
    setTimeout(() => dismiss(id), AUTO_DISMISS_MS);
  }

  return { state, show, dismiss };
}

export type ToastStore = ReturnType<typeof createToastStore>;

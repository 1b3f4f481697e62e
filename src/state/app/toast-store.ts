import { createStore } from 'solid-js/store';

export type Toast = { id: number; message: string };

const AUTO_DISMISS_MS = 12_000;

/** Inline error toasts for failed worker calls; each dismisses itself after a while. */
export function createToastStore() {
  const [state, setState] = createStore<{ toasts: Toast[] }>({ toasts: [] });
  let nextId = 1;

  function dismiss(id: number): void {
    setState('toasts', (toasts) => toasts.filter((toast) => toast.id !== id));
  }

  function show(message: string): void {
    const id = nextId++;
    setState('toasts', (toasts) => [...toasts.filter((toast) => toast.message !== message), { id, message }]);
    setTimeout(() => dismiss(id), AUTO_DISMISS_MS);
  }

  return { state, show, dismiss };
}

export type ToastStore = ReturnType<typeof createToastStore>;

import { For } from 'solid-js';
import { Icon } from '../shared/icons.tsx';
import { useApp } from './app-context.ts';

/** Inline error toasts for failed worker calls, just above the composer. */
export function Toasts() {
  const { toasts } = useApp();
  return (
    <div class="toasts">
      <For each={toasts.state.toasts}>
        {(toast) => (
          <div class="toast" role="alert">
            <Icon class="toast-icon" name="alert" />
            <span class="toast-text">{toast.message}</span>
            <button
              type="button"
              class="icon-button"
              aria-label="Dismiss error"
              onClick={() => toasts.dismiss(toast.id)}
            >
              <Icon name="close" size={14} />
            </button>
          </div>
        )}
      </For>
    </div>
  );
}

import { For } from 'solid-js';
import { Icon } from '../shared/icons.tsx';
import { useApp } from './app-context.ts';

/**
 * Toasts just above the composer: errors of failed worker calls (announced at once), and
 * news of something done (announced politely, with a check instead of the warning sign).
 */
export function Toasts() {
  const { toasts } = useApp();
  return (
    // Polite for news of something done (the container is always there, so a toast added is read).
    <div class="toasts" aria-live="polite">
      <For each={toasts.state.toasts}>
        {(toast) => (
          <div
            class="toast"
            classList={{ 'is-done': toast.tone === 'done' }}
            role={toast.tone === 'done' ? undefined : 'alert'}
          >
            <Icon class="toast-icon" name={toast.tone === 'done' ? 'check' : 'alert'} />
            <span class="toast-text">{toast.message}</span>
            <button
              type="button"
              class="icon-button"
              aria-label={toast.tone === 'done' ? 'Dismiss' : 'Dismiss error'}
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

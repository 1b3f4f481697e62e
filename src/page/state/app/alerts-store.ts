import { createStore } from 'solid-js/store';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import type { AgentClient } from './agent-client.ts';

type AlertMessage = Extract<BroadcastMessage, { type: 'alert' }>;

/** An alert the worker broadcast (storage full, saving failed) or the page found (its data lost), shown until dismissed. */
export type AppAlert = {
  id: number;
  kind: AlertMessage['kind'] | 'data_lost';
  conversationId: string | null;
  text: string;
};

/** An alert that saving failed (not the page's own finding that its data was lost). */
function isSavingAlert(alert: AppAlert): boolean {
  return alert.kind === 'storage_full' || alert.kind === 'storage_failed';
}

/** A message the person sent (or a reply to a question). */
function isPersonsMessage(event: StoredEvent): boolean {
  return event.body.type === 'user_message' || event.body.type === 'user_reply';
}

/**
 * Alerts from the worker, which are not durable: each tab that is open shows them as
 * banners until the person dismisses them, or, for a failed save, until the person's next message is saved.
 * The same alert again replaces the older one.
 */
export function createAlertsStore(client: AgentClient) {
  const [state, setState] = createStore<{ alerts: AppAlert[] }>({ alerts: [] });
  let nextId = 1;

  const show = (kind: AppAlert['kind'], conversationId: string | null, text: string) => {
    const alert: AppAlert = { id: nextId++, kind, conversationId, text };
    setState('alerts', (alerts) => [
      ...alerts.filter((entry) => entry.kind !== alert.kind || entry.text !== alert.text),
      alert,
    ]);
  };
  const unsubscribe = client.subscribe((message) => {
    if (message.type === 'alert') show(message.kind, message.conversationId, message.text);
    // The person's next message saved (events are broadcast once saved): saving works again,
    // as those alerts asked (after a failed step, its own notice may still fit: not that).
    else if (message.type === 'event' && isPersonsMessage(message.event) && state.alerts.some(isSavingAlert))
      setState('alerts', (alerts) => alerts.filter((alert) => !isSavingAlert(alert)));
  });

  return {
    state,
    /** An alert the page itself found. */
    show: (kind: AppAlert['kind'], text: string) => show(kind, null, text),
    dismiss(id: number): void {
      setState('alerts', (alerts) => alerts.filter((alert) => alert.id !== id));
    },
    dispose: unsubscribe,
  };
}

export type AlertsStore = ReturnType<typeof createAlertsStore>;

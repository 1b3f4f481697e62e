import { describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '../../protocol/broadcast.ts';
import type { StoredEvent } from '../../protocol/events.ts';
import { STORAGE_FULL_TEXT } from '../../protocol/storage-full.ts';
import type { AgentClient } from './agent-client.ts';
import { createAlertsStore } from './alerts-store.ts';

/** A client whose broadcast messages the test sends. */
function fakeClient() {
  const listeners: ((message: BroadcastMessage) => void)[] = [];
  const client = {
    subscribe(listener: (message: BroadcastMessage) => void) {
      listeners.push(listener);
      return () => undefined;
    },
  } as unknown as AgentClient;
  const send = (message: BroadcastMessage) => {
    for (const listener of listeners) listener(message);
  };
  return { client, send };
}

const event = (seq: number, body: StoredEvent['body']): BroadcastMessage => ({
  type: 'event',
  event: { conversationId: 'c', seq, at: seq, body },
});

describe('createAlertsStore', () => {
  it('keeps a full storage said until the person’s next message is saved', () => {
    const { client, send } = fakeClient();
    const alerts = createAlertsStore(client);
    alerts.show('data_lost', 'Your saved conversations are gone.');
    send({ type: 'alert', conversationId: 'c', kind: 'storage_full', text: STORAGE_FULL_TEXT });
    expect(alerts.state.alerts.map((alert) => alert.kind)).toEqual(['data_lost', 'storage_full']);
    // The failed step's own notice may still fit: that is no sign space was freed.
    send(event(5, { type: 'notice', kind: 'internal_error', text: STORAGE_FULL_TEXT, forModel: false }));
    expect(alerts.state.alerts).toHaveLength(2);
    send(event(6, { type: 'user_message', text: 'Go on.' }));
    expect(alerts.state.alerts.map((alert) => alert.kind)).toEqual(['data_lost']);
  });
});

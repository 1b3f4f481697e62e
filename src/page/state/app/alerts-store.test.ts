import { describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import { STORAGE_FULL_TEXT } from '@/shared/protocol/storage-full.ts';
import { createAlertsStore } from './alerts-store.ts';
import { fakeAgentClient } from './fake-agent-client.ts';

const event = (seq: number, body: StoredEvent['body']): BroadcastMessage => ({
  type: 'event',
  event: { conversationId: 'c', seq, at: seq, body },
});

describe('createAlertsStore', () => {
  it('keeps a full storage said until the person’s next message is saved', () => {
    const { client, send } = fakeAgentClient();
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

import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import type { ToolRole } from '@/shared/protocol/tool-roles.ts';
import { fakeAgentClient } from '../app/fake-agent-client.ts';
import type { WorkspaceReader } from './workspace-reader.ts';
import { createWorkspaceStore } from './workspace-store.ts';

let seq = 0;
const event = (conversationId: string, body: StoredEvent['body']): BroadcastMessage => {
  seq += 1;
  return { type: 'event', event: { conversationId, seq, at: seq, body } };
};

/** An action's envelope in `status`, of a tool the profile calls `tool`, playing `role` (none: undefined). */
const action = (status: 'running' | 'success', tool: string, role?: ToolRole): StoredEvent['body'] => ({
  type: 'envelope',
  envelope: { uuid: `a${seq}`, status, content: '', meta: { tool, action_type: `${tool}.do` } },
  toolCallId: 'call',
  ...(role ? { role } : {}),
});

function storeFor(conversationId: string) {
  const { client, send } = fakeAgentClient();
  const reader = { listEntries: async () => [] } as unknown as WorkspaceReader;
  const store = createRoot(() => createWorkspaceStore(client, () => conversationId, reader));
  return { store, send };
}

describe('createWorkspaceStore', () => {
  it('counts a change after each finished action without a role, whatever its tool is called', () => {
    const { store, send } = storeFor('c');
    const before = store.changeCount();
    send(event('c', action('running', 'str_replace_editor')));
    expect(store.changeCount()).toBe(before);
    send(event('c', action('success', 'str_replace_editor')));
    expect(store.changeCount()).toBe(before + 1);
    // A tool named like the default profile's plan tool, but playing no role, may write files.
    send(event('c', action('success', 'plan')));
    expect(store.changeCount()).toBe(before + 2);
  });

  it('counts no change for a message to the person, under any profile’s name; a plan change counts', () => {
    const { store, send } = storeFor('c');
    const before = store.changeCount();
    send(event('c', action('success', 'terminate', 'result')));
    send(event('c', action('success', 'ask_human', 'ask')));
    send(event('c', action('success', 'message', 'inform')));
    expect(store.changeCount()).toBe(before);
    // muxd's todo_write and OpenManus' planning save their lists as files.
    send(event('c', action('success', 'todo_write', 'plan')));
    expect(store.changeCount()).toBe(before + 1);
  });

  it('counts a message’s attachments, and ignores other conversations', () => {
    const { store, send } = storeFor('c');
    const before = store.changeCount();
    send(event('other', action('success', 'shell')));
    send(event('c', { type: 'user_message', text: 'Hi' }));
    expect(store.changeCount()).toBe(before);
    send(
      event('c', {
        type: 'user_message',
        text: 'Here',
        attachments: [{ path: 'upload/a.txt', size: 1, mimeType: 'text/plain' }],
      }),
    );
    expect(store.changeCount()).toBe(before + 1);
    store.dispose();
  });

  it('counts a rewind and its undo as the workspace put back (what shows it loads again), and nothing else', () => {
    const { store, send } = storeFor('c');
    send(event('c', action('success', 'shell')));
    send({ type: 'conversation_rewound', conversationId: 'other' });
    expect(store.restoreCount()).toBe(0);
    const changes = store.changeCount();
    send({ type: 'conversation_rewound', conversationId: 'c' });
    expect(store.restoreCount()).toBe(1);
    expect(store.changeCount()).toBe(changes + 1);
    send({ type: 'conversation_rewound', conversationId: 'c' });
    expect(store.restoreCount()).toBe(2);
    store.dispose();
  });

  it('reads with no conversation open as a failed promise, which a view’s catch gets, never a throw', async () => {
    const { client } = fakeAgentClient();
    const reader = { listEntries: async () => [] } as unknown as WorkspaceReader;
    const store = createRoot(() => createWorkspaceStore(client, () => null, reader));
    const read = store.readFile('notes-app/index.html');
    await expect(read).rejects.toThrow('No conversation is open.');
    await expect(store.readAll()).rejects.toThrow('No conversation is open.');
    store.dispose();
  });
});

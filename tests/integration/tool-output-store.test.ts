// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { AgentClient } from '../../src/page/state/app/agent-client.ts';
import { createToolOutputStore } from '../../src/page/state/thread/tool-output-store.ts';
import type { BroadcastMessage } from '../../src/shared/protocol/broadcast.ts';

/** A client whose broadcasts the test sends by hand. */
function handClient(): { client: AgentClient; send(message: BroadcastMessage): void } {
  const listeners = new Set<(message: BroadcastMessage) => void>();
  return {
    client: {
      api: {} as AgentClient['api'],
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onWorkerError: () => () => undefined,
      onWorkerRestart: () => () => undefined,
      dispose: () => undefined,
    },
    send: (message) => {
      for (const listener of listeners) listener(message);
    },
  };
}

const progress = (uuid: string, conversationId = 'c1') =>
  ({
    type: 'tool_progress',
    conversationId,
    uuid,
    progress: { kind: 'status', text: 'Searching files', done: 2, total: 5 },
  }) as const;

describe('the running actions’ progress in the UI', () => {
  it('keeps each action’s output and latest status until its completion arrives, for the open conversation only', () => {
    const { client, send } = handClient();
    const [conversationId] = createSignal<string | null>('c1');
    const store = createRoot(() => createToolOutputStore(client, conversationId));
    send({
      type: 'tool_progress',
      conversationId: 'c1',
      uuid: 'a',
      progress: { kind: 'output', channel: 'main', stream: 'stdout', text: 'hello\n' },
    });
    send(progress('a'));
    send(progress('b', 'other'));
    expect(store.outputOf('a')).toEqual([{ stream: 'stdout', text: 'hello\n' }]);
    expect(store.statusOf('a')).toEqual({ kind: 'status', text: 'Searching files', done: 2, total: 5 });
    expect(store.statusOf('b')).toBeNull();

    send({
      type: 'event',
      event: {
        conversationId: 'c1',
        seq: 3,
        at: 1,
        body: {
          type: 'envelope',
          toolCallId: 'x',
          envelope: {
            uuid: 'a',
            status: 'success',
            content: 'done',
            meta: { action_type: 'match.grep', tool: 'match' },
          },
        },
      },
    });
    expect(store.outputOf('a')).toEqual([]);
    expect(store.statusOf('a')).toBeNull();
    store.dispose();
  });
});

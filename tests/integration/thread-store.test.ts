// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentClient } from '../../src/page/state/app/agent-client.ts';
import type { ActionItem } from '../../src/page/state/thread/thread-reducer.ts';
import { createThreadStore } from '../../src/page/state/thread/thread-store.ts';
import type { BroadcastMessage } from '../../src/shared/protocol/broadcast.ts';
import { acknowledge, advance, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
});

/** The real runtime behind the UI's client shape, with its broadcasts delivered in-process. */
function inProcessClient(h: Harness): AgentClient {
  const listeners = new Set<(message: BroadcastMessage) => void>();
  const runtime = h.runtime;
  const publishedLength = { value: h.published.length };
  const pump = setInterval(() => {
    while (publishedLength.value < h.published.length) {
      const message = h.published[publishedLength.value]!;
      publishedLength.value += 1;
      for (const listener of listeners) listener(structuredClone(message));
    }
  }, 1);
  return {
    api: runtime as unknown as AgentClient['api'],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWorkerError: () => () => {},
    onWorkerRestart: () => () => {},
    dispose: () => clearInterval(pump),
  };
}

describe('thread store over the real runtime', () => {
  it('updates action items in place as envelopes arrive, and reloads on a conversation switch', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      call('message', { type: 'ask', text: 'Which database?' }),
    ]);
    const first = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(first);
    const client = inProcessClient(harness);
    const [conversationId, setConversationId] = createSignal<string | null>(first);
    const store = createRoot(() => createThreadStore(client, conversationId));
    await expect.poll(() => store.state.load).toBe('ready');
    const ask = store.state.thread.items.find(
      (item): item is ActionItem => item.kind === 'action' && item.actionType === 'message.ask',
    );
    expect(ask?.status).toBe('asking');

    harness.server.push(advance(1, 2), call('message', { type: 'result', text: 'Done.' }));
    await store.reply(ask!.uuid, 'SQLite');
    await harness.runtime.idle(first);
    await expect
      .poll(() =>
        store.state.thread.items.map((item) =>
          item.kind === 'action' ? `${item.actionType}:${item.status}` : item.kind,
        ),
      )
      .toEqual([
        'user',
        'message.info:success',
        'plan.update:success',
        'message.ask:success',
        'reply',
        'plan.advance:success',
        'message.result:success',
      ]);
    // The same store proxy was updated in place (the row keeps its DOM node).
    const askAfter = store.state.thread.items[3];
    expect(askAfter).toBe(ask);

    harness.server.push(acknowledge(), planNotes(), call('message', { type: 'result', text: 'Second.' }));
    const second = await harness.runtime.startConversation('Second task');
    await harness.runtime.idle(second);
    setConversationId(second);
    await expect
      .poll(() => store.state.thread.items[0]?.kind === 'user' && store.state.thread.items.length)
      .toBe(4);
    expect(store.state.conversation?.id).toBe(second);
    store.dispose();
    client.dispose();
  });
});

// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentClient } from '../../src/page/state/app/agent-client.ts';
import { createReplayStore } from '../../src/page/state/replay/replay-store.ts';
import { createThreadStore } from '../../src/page/state/thread/thread-store.ts';
import type { BroadcastMessage } from '../../src/shared/protocol/broadcast.ts';
import { acknowledge, advance, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness | undefined;
let client: AgentClient | undefined;
afterEach(async () => {
  client?.dispose();
  await harness?.close();
});

/** The real runtime behind the UI's client shape, with its broadcasts delivered in-process. */
function inProcessClient(h: Harness): AgentClient {
  const listeners = new Set<(message: BroadcastMessage) => void>();
  let delivered = h.published.length;
  const pump = setInterval(() => {
    while (delivered < h.published.length) {
      const message = h.published[delivered]!;
      delivered += 1;
      for (const listener of listeners) listener(structuredClone(message));
    }
  }, 1);
  return {
    api: h.runtime as unknown as AgentClient['api'],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWorkerError: () => () => {},
    onWorkerRestart: () => () => {},
    dispose: () => clearInterval(pump),
  };
}

describe('replay over the real runtime', () => {
  it('shows the log step by step with the plan as it stood, holds live changes, and shows them on exit', async () => {
    harness = await createHarness();
    harness.server.setScript([
      acknowledge(),
      planNotes(),
      advance(1, 2),
      call('message', { type: 'result', text: 'Done.' }),
    ]);
    const id = await harness.runtime.startConversation(NOTES_TASK);
    await harness.runtime.idle(id);
    client = inProcessClient(harness);
    const activeClient = client;
    const [conversationId] = createSignal<string | null>(id);
    const { thread, replay } = createRoot(() => {
      const thread = createThreadStore(activeClient, conversationId);
      return { thread, replay: createReplayStore({ client: activeClient, thread, conversationId }) };
    });
    await expect.poll(() => thread.state.load).toBe('ready');
    const kinds = () =>
      thread.state.thread.items.map((item) => (item.kind === 'action' ? item.actionType : item.kind));
    const full = kinds();
    expect(full).toEqual(['user', 'message.info', 'plan.update', 'plan.advance', 'message.result']);

    expect(await replay.start()).toBe(true);
    expect(replay.status().label).toBe('Replaying · step 1 of 5');
    replay.togglePlay();
    expect(replay.isPlaying()).toBe(false);
    replay.seek(1);
    expect(replay.step()).toBe(1);
    expect(replay.stepCount()).toBe(5);
    expect(replay.status().label).toBe('Paused · step 1 of 5');
    expect(kinds()).toEqual(['user']);
    expect(thread.state.plan).toBeNull();
    replay.stepForward();
    replay.stepForward();
    expect(kinds()).toEqual(['user', 'message.info', 'plan.update']);
    expect(thread.state.plan?.phases.map((phase) => phase.status)).toEqual([
      'active',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    replay.stepForward();
    expect(thread.state.plan?.current_phase_id).toBe(2);
    replay.seek(5);
    expect(replay.status()).toMatchObject({ phase: 'finished', label: 'Replay finished' });
    replay.seek(4);
    replay.stepBack();
    replay.stepBack();
    expect(kinds()).toEqual(['user', 'message.info']);

    // A new message arrives from another tab during the replay: the frame does not move.
    harness.server.setScript([acknowledge('Again.'), call('message', { type: 'result', text: 'Second.' })]);
    await harness.runtime.sendMessage(id, 'One more thing');
    await harness.runtime.idle(id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kinds()).toEqual(['user', 'message.info']);

    // Leaving shows the conversation as it is now, with the stored plan.
    replay.exit();
    expect(replay.isActive()).toBe(false);
    const texts = () => thread.state.thread.items.map((item) => ('text' in item ? item.text : null));
    await expect.poll(texts).toContain('One more thing');
    const events = await harness.events(id);
    expect(thread.state.thread.lastSeq).toBe(events.at(-1)?.seq);
    expect(thread.state.plan).toEqual(await harness.plan(id));
    expect(thread.isReplaying()).toBe(false);
    replay.dispose();
    thread.dispose();
  });
});

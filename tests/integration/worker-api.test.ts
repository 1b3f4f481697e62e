import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, expect, it } from 'vitest';
import type { AgentWorkerApi } from '../../src/shared/protocol/worker-api.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { createHarness, type Harness } from './harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
});

it('serves the runtime over comlink: everything crossing the boundary survives structured cloning', async () => {
  harness = await createHarness();
  const { port1, port2 } = new MessageChannel();
  // Node's MessagePort is an EventTarget with postMessage: the shape comlink's Endpoint needs.
  Comlink.expose(harness.runtime, port1 as unknown as Comlink.Endpoint);
  const api = Comlink.wrap<AgentWorkerApi>(port2 as unknown as Comlink.Endpoint);
  harness.server.setScript([
    acknowledge(),
    planNotes(),
    call('message', { type: 'ask', text: 'SQLite or PostgreSQL?' }),
  ]);

  const id = await api.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  const list = await api.listConversations();
  expect(list.map((conversation) => [conversation.id, conversation.status])).toEqual([[id, 'asking']]);
  const snapshot = await api.readConversation(id);
  expect(snapshot?.plan?.phases).toHaveLength(5);
  const ask = snapshot?.events.findLast(
    ({ body }) => body.type === 'envelope' && body.envelope.status === 'asking',
  );
  expect(ask).toBeDefined();

  await expect(api.replyToAsk(id, 'not-the-question', 'x')).rejects.toThrow(/already been answered/);
  await expect(api.sendMessage(id, '   ')).rejects.toThrow(/empty/);

  await api.stop(id);
  expect((await api.readConversation(id))?.conversation.status).toBe('idle');
  await api.deleteConversation(id);
  expect(await api.listConversations()).toEqual([]);
  expect(harness.published.some((message) => message.type === 'conversation_deleted')).toBe(true);
  port1.close();
  port2.close();
});

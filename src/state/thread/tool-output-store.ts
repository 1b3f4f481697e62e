import { type Accessor, createEffect, on } from 'solid-js';
import { createStore, produce, reconcile } from 'solid-js/store';
import type { AgentClient } from '../app/agent-client.ts';
import { appendLiveChunk, type OutputChunk } from '../computer/shell-transcript.ts';

/**
 * Output of the open conversation's running actions, as `tool_output` broadcasts stream it
 * (not durable). An action's chunks are dropped once its completion envelope arrives: from
 * then on its envelope's meta holds the whole output.
 */
export function createToolOutputStore(client: AgentClient, conversationId: Accessor<string | null>) {
  const [chunks, setChunks] = createStore<Record<string, OutputChunk[]>>({});

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (message.type === 'tool_output' && message.conversationId === id) {
      const chunk: OutputChunk = { stream: message.stream, text: message.text };
      setChunks(message.uuid, (list) => appendLiveChunk(list ?? [], chunk));
      return;
    }
    if (message.type !== 'event' || message.event.conversationId !== id) return;
    const { body } = message.event;
    if (body.type !== 'envelope' || body.envelope.status === 'running') return;
    const { uuid } = body.envelope;
    if (chunks[uuid] === undefined) return;
    setChunks(
      produce((draft) => {
        delete draft[uuid];
      }),
    );
  });

  createEffect(on(conversationId, () => setChunks(reconcile({})), { defer: true }));

  return {
    /** The chunks streamed so far for a running action (empty when none). */
    outputOf: (uuid: string): readonly OutputChunk[] => chunks[uuid] ?? [],
    dispose: unsubscribe,
  };
}

export type ToolOutputStore = ReturnType<typeof createToolOutputStore>;

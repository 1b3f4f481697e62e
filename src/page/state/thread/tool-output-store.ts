import { type Accessor, createEffect, on } from 'solid-js';
import { createStore, produce, reconcile } from 'solid-js/store';
import type { ToolProgress } from '@/shared/protocol/ports/progress-port.ts';
import type { AgentClient } from '../app/agent-client.ts';
import { appendLiveChunk, type OutputChunk } from '../computer/shell-transcript.ts';

/** Where a running action says it stands (its latest `status` progress). */
export type ActionStatus = Extract<ToolProgress, { kind: 'status' }>;

/**
 * What the open conversation's running actions announce as they run (`tool_progress`
 * broadcasts, not durable): output chunks, and the latest status line. An action's entries
 * are dropped once its completion envelope arrives: from then on its envelope holds the outcome.
 */
export function createToolOutputStore(client: AgentClient, conversationId: Accessor<string | null>) {
  const [chunks, setChunks] = createStore<Record<string, OutputChunk[]>>({});
  const [statuses, setStatuses] = createStore<Record<string, ActionStatus>>({});

  const unsubscribe = client.subscribe((message) => {
    const id = conversationId();
    if (message.type === 'tool_progress' && message.conversationId === id) {
      const { progress, uuid } = message;
      if (progress.kind === 'output') {
        const chunk: OutputChunk = { stream: progress.stream, text: progress.text };
        setChunks(uuid, (list) => appendLiveChunk(list ?? [], chunk));
      } else {
        setStatuses(uuid, progress);
      }
      return;
    }
    if (message.type !== 'event' || message.event.conversationId !== id) return;
    const { body } = message.event;
    if (body.type !== 'envelope' || body.envelope.status === 'running') return;
    const { uuid } = body.envelope;
    if (chunks[uuid] !== undefined) {
      setChunks(
        produce((draft) => {
          delete draft[uuid];
        }),
      );
    }
    if (statuses[uuid] !== undefined) {
      setStatuses(
        produce((draft) => {
          delete draft[uuid];
        }),
      );
    }
  });

  createEffect(
    on(
      conversationId,
      () => {
        setChunks(reconcile({}));
        setStatuses(reconcile({}));
      },
      { defer: true },
    ),
  );

  return {
    /** The chunks streamed so far for a running action (empty when none). */
    outputOf: (uuid: string): readonly OutputChunk[] => chunks[uuid] ?? [],
    /** The latest status a running action reported, or null. */
    statusOf: (uuid: string): ActionStatus | null => statuses[uuid] ?? null,
    dispose: unsubscribe,
  };
}

export type ToolOutputStore = ReturnType<typeof createToolOutputStore>;

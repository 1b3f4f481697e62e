import * as Comlink from 'comlink';
import { BROADCAST_CHANNEL_NAME, BroadcastMessage } from '../../protocol/broadcast.ts';
import type { AgentWorkerApi } from '../../protocol/worker-api.ts';

export type BroadcastListener = (message: BroadcastMessage) => void;

/** The UI's handle on the agent: the worker API and the broadcast feed of durable changes. */
export type AgentClient = {
  api: Comlink.Remote<AgentWorkerApi>;
  /** Calls `listener` with every valid broadcast message (from this tab's worker and others'). */
  subscribe(listener: BroadcastListener): () => void;
  /** Calls `listener` if the worker fails to load or crashes. */
  onWorkerError(listener: (message: string) => void): () => void;
  dispose(): void;
};

/**
 * Starts the agent worker, wraps it with comlink and listens on the broadcast channel.
 * Messages that fail the `BroadcastMessage` schema are ignored.
 */
export function createAgentClient(): AgentClient {
  const worker = new Worker(new URL('../../../workers/agent.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sandpiper-agent',
  });
  const api = Comlink.wrap<AgentWorkerApi>(worker);
  const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
  const listeners = new Set<BroadcastListener>();
  const errorListeners = new Set<(message: string) => void>();

  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = BroadcastMessage.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  });
  worker.addEventListener('error', (event) => {
    const message = event.message
      ? `The agent worker failed: ${event.message}`
      : 'The agent worker failed to load.';
    for (const listener of errorListeners) listener(message);
  });

  return {
    api,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWorkerError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    dispose() {
      channel.close();
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** The message of anything a worker call rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}

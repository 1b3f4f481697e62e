import * as Comlink from 'comlink';
import { BROADCAST_CHANNEL_NAME, BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import { problemText } from '@/shared/protocol/storage-full.ts';
import type { AgentWorkerApi } from '@/shared/protocol/worker-api.ts';
import { type AgentWorker, WorkerLifeline } from './worker-lifeline.ts';

export type BroadcastListener = (message: BroadcastMessage) => void;

/** The UI's handle on the agent: the worker API and the broadcast feed of durable changes. */
export type AgentClient = {
  /** The current worker's API; calls in flight when it stops reject (see `WorkerLifeline`). */
  api: Comlink.Remote<AgentWorkerApi>;
  /** Calls `listener` with every valid broadcast message (from this tab's worker and others'). */
  subscribe(listener: BroadcastListener): () => void;
  /** Calls `listener` if the worker fails to load, crashes, or stops and is started again. */
  onWorkerError(listener: (message: string) => void): () => void;
  /** Calls `listener` each time a new worker replaced one that stopped (to hand it what the old one had). */
  onWorkerRestart(listener: () => void): () => void;
  dispose(): void;
};

function startAgentWorker(): AgentWorker {
  const worker = new Worker(new URL('../../../agent-worker/agent.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sandpiper-agent',
  });
  return { worker, remote: Comlink.wrap<AgentWorkerApi>(worker) };
}

/**
 * Starts the agent worker, wraps it with comlink and listens on the broadcast channel.
 * Messages that fail the `BroadcastMessage` schema are ignored. A worker that stops
 * (crashes, runs out of memory) is replaced by a new one, which recovers the runs the
 * old one left (as after a closed page).
 */
export function createAgentClient(): AgentClient {
  const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
  const listeners = new Set<BroadcastListener>();
  const errorListeners = new Set<(message: string) => void>();
  const restartListeners = new Set<() => void>();
  const tellError = (message: string) => {
    for (const listener of errorListeners) listener(message);
  };

  const lifeline = new WorkerLifeline(startAgentWorker, {
    locks: globalThis.navigator?.locks,
    onError: tellError,
    onRestart: () => {
      for (const listener of restartListeners) listener();
    },
  });

  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = BroadcastMessage.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  });

  return {
    api: lifeline.api,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWorkerError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    onWorkerRestart(listener) {
      restartListeners.add(listener);
      return () => restartListeners.delete(listener);
    },
    dispose() {
      channel.close();
      lifeline.dispose();
    },
  };
}

/** The message of anything a worker call rejected with (a failure of the browser's database says what to do). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return problemText(error);
  return typeof error === 'string' ? error : 'Something went wrong.';
}

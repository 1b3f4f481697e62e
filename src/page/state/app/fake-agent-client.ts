import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { AgentClient } from './agent-client.ts';

/** For tests: an agent client whose broadcast messages the test sends (`send`); it has no API. */
export function fakeAgentClient(): { client: AgentClient; send: (message: BroadcastMessage) => void } {
  const listeners: ((message: BroadcastMessage) => void)[] = [];
  const client = {
    subscribe(listener: (message: BroadcastMessage) => void) {
      listeners.push(listener);
      return () => undefined;
    },
  } as unknown as AgentClient;
  const send = (message: BroadcastMessage) => {
    for (const listener of listeners) listener(message);
  };
  return { client, send };
}

import { type Accessor, createSignal, onCleanup } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { AgentClient } from '../app/agent-client.ts';
import { applyEvents, initialThreadState, type ThreadState } from './thread-reducer.ts';

/**
 * A sub-agent's conversation as a thread, kept live: read once, then its events and
 * status from the broadcast channel (its run goes on while the parent's action is
 * running). For the nested steps under a `task` row.
 */
export function createSubAgentThread(
  client: AgentClient,
  conversationId: string,
): { thread: Accessor<ThreadState>; conversation: Accessor<Conversation | null> } {
  const [thread, setThread] = createSignal<ThreadState>(initialThreadState(conversationId));
  const [conversation, setConversation] = createSignal<Conversation | null>(null);
  const unsubscribe = client.subscribe((message) => {
    if (message.type === 'event' && message.event.conversationId === conversationId)
      setThread((state) => applyEvents(state, [message.event]));
    if (message.type === 'conversation' && message.conversation.id === conversationId)
      setConversation(message.conversation);
  });
  onCleanup(unsubscribe);
  void client.api.readConversation(conversationId).then(
    (snapshot) => {
      if (!snapshot) return;
      const fromLog = applyEvents(initialThreadState(conversationId), snapshot.events);
      // Events that came on the channel after the read are applied on top (the reducer skips the rest by seq).
      setThread((state) => (fromLog.lastSeq >= state.lastSeq ? fromLog : state));
      setConversation((current) => current ?? snapshot.conversation);
    },
    () => undefined,
  );
  return { thread, conversation };
}

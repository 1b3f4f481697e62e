import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { StoredEvent } from '../../shared/protocol/events.ts';
import type { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { EventRepository } from '../../shared/storage/event-repository.ts';
import type { Journal } from '../engine/journal.ts';
import type { SubAgentBackend, SubAgentParent } from '../toolkit/ports/run-ports.ts';
import type { SubAgentOutcome, SubAgentRequest } from '../toolkit/ports/sub-agents-port.ts';

/**
 * Sub-agents (muxd's `task`): each a conversation of its own, linked to its parent action
 * (`parent`), with the parent's provider and profile, its prompt as the first message,
 * run by the runtime like any conversation (its profile without the tools it keeps from
 * sub-agents, see `run-preparation`), and waited for. Its steps stay in its own log,
 * never in the parent's context; its answer is what the parent's action returns.
 */
export class SubAgents implements SubAgentBackend {
  constructor(
    private readonly dependencies: {
      journal: Journal;
      conversations: ConversationRepository;
      events: EventRepository;
      newId: () => string;
      now: () => number;
      /** Starts a conversation's run and resolves when it ends. */
      run: (conversationId: string) => Promise<void>;
      stop: (conversationId: string) => Promise<void>;
    },
  ) {}

  async run(parent: SubAgentParent, request: SubAgentRequest): Promise<SubAgentOutcome> {
    parent.signal.throwIfAborted();
    const { conversations, journal, newId, now } = this.dependencies;
    const owner = await conversations.get(parent.conversationId);
    if (!owner) throw new Error('The conversation this sub-agent works for no longer exists.');
    const at = now();
    const child: Conversation = {
      id: newId(),
      title: request.description.trim() || 'Sub-agent',
      status: 'running',
      createdAt: at,
      updatedAt: at,
      ...(owner.providerId ? { providerId: owner.providerId } : {}),
      profileId: owner.profileId,
      ...(owner.toolDescriptions ? { toolDescriptions: owner.toolDescriptions } : {}),
      // It works in its parent's sandbox, with its skills and project: its context says so too.
      ...(owner.startContext ? { startContext: owner.startContext } : {}),
      ...(owner.projectId ? { projectId: owner.projectId } : {}),
      parent: { conversationId: parent.conversationId, actionUuid: parent.actionUuid },
    };
    await journal.createConversation(child, [{ type: 'user_message', text: request.prompt }]);
    const stop = () => void this.dependencies.stop(child.id);
    parent.signal.addEventListener('abort', stop, { once: true });
    try {
      await this.dependencies.run(child.id);
    } finally {
      parent.signal.removeEventListener('abort', stop);
    }
    const [ended, events] = await Promise.all([
      conversations.get(child.id),
      this.dependencies.events.list(child.id),
    ]);
    return {
      conversationId: child.id,
      status: ended?.status ?? 'error',
      answer: answerOf(events),
      steps: events.filter((event) => event.body.type === 'assistant_turn').length,
    };
  }
}

/**
 * A finished run's answer: its last reply (a profile that answers in words), else its
 * result action's content, else the model's last words; empty when it said nothing.
 */
export function answerOf(events: readonly StoredEvent[]): string {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const { body } = events[index]!;
    if (body.type === 'notice' && body.kind === 'reply') return body.text;
    if (body.type === 'envelope' && body.role === 'result' && body.envelope.status === 'success')
      return body.envelope.content;
  }
  const lastWords = events.findLast(
    (event) => event.body.type === 'assistant_turn' && event.body.text.trim() !== '',
  );
  return lastWords?.body.type === 'assistant_turn' ? lastWords.body.text : '';
}

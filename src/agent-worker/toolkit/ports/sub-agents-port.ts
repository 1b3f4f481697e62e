import type { ConversationStatus } from '@/shared/protocol/conversation.ts';

/** What a sub-agent is asked: a few words for its title, and the whole prompt. */
export type SubAgentRequest = { description: string; prompt: string };

/** How a sub-agent's run ended: its conversation, status, answer and step count. */
export type SubAgentOutcome = {
  conversationId: string;
  status: ConversationStatus;
  /** Its final answer (a reply, a result, or its last words), whole: the tool caps it. */
  answer: string;
  steps: number;
};

/**
 * Sub-agents of the action that asks: each a fresh conversation (the same provider and
 * profile, without the tools the profile keeps from sub-agents) whose steps are kept in
 * the log under the parent action, run to its end; stopping the parent stops it.
 */
export interface SubAgentsPort {
  run(request: SubAgentRequest): Promise<SubAgentOutcome>;
}

/** Modes a conversation enters (seed 000's `generate`); once on, a mode stays on for the conversation. */
export const CONVERSATION_MODES = ['generation'] as const;
export type ConversationMode = (typeof CONVERSATION_MODES)[number];

/**
 * The conversation's modes. The log records them (the envelope whose meta says
 * `{mode, active: true}`); a run reads them from its log when it starts, and a tool that
 * turns one on tells this port, so later actions of the same run see it.
 */
export interface ModesPort {
  isActive(mode: ConversationMode): boolean;
  activate(mode: ConversationMode): void;
}

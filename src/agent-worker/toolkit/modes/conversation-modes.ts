import {
  CONVERSATION_MODES,
  type ConversationMode,
  type ModesPort,
} from '@/agent-worker/toolkit/ports/modes-port.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';

/**
 * The modes a conversation's log has turned on: an envelope that succeeded with meta
 * `{mode, active: true}` (what `generate` records). Read from the meta alone, never from
 * tool names, so any profile's tool that records a mode counts.
 */
export function activeModesOf(events: readonly StoredEvent[]): Set<ConversationMode> {
  const active = new Set<ConversationMode>();
  for (const { body } of events) {
    if (body.type !== 'envelope' || body.envelope.status !== 'success') continue;
    const { mode, active: isActive } = body.envelope.meta;
    if (isActive === true && isConversationMode(mode)) active.add(mode);
  }
  return active;
}

/**
 * The modes of one run: those its log records when it starts, plus those its actions turn
 * on (the envelope that records them is written after the action, so later actions of the
 * same run learn it here first). Once on, a mode stays on.
 */
export function createConversationModes(events: readonly StoredEvent[]): ModesPort {
  const active = activeModesOf(events);
  return {
    isActive: (mode) => active.has(mode),
    activate: (mode) => {
      active.add(mode);
    },
  };
}

function isConversationMode(value: unknown): value is ConversationMode {
  return typeof value === 'string' && (CONVERSATION_MODES as readonly string[]).includes(value);
}

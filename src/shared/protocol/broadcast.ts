import { z } from 'zod';
import { Conversation } from './conversation.ts';
import { StoredEvent } from './events.ts';
import { Plan } from './phase-plan.ts';
import { ToolProgress } from './ports/progress-port.ts';
import { Schedule } from './schedules.ts';

/** Name of the BroadcastChannel every tab listens on. */
export const BROADCAST_CHANNEL_NAME = 'sandpiper-events';

/** What the worker announces after each durable write. */
export const BroadcastMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: StoredEvent }),
  z.object({ type: z.literal('conversation'), conversation: Conversation }),
  z.object({ type: z.literal('conversation_deleted'), conversationId: z.string() }),
  /** A rewind (or its undo) rewrote the conversation's log and workspace: read it afresh. */
  z.object({ type: z.literal('conversation_rewound'), conversationId: z.string() }),
  z.object({ type: z.literal('plan'), plan: Plan }),
  /** The person pruned a workspace's history: these conversations' steps changed what they show. */
  z.object({ type: z.literal('history_pruned'), conversationIds: z.array(z.string()) }),
  /** A schedule was made, fired, edited, paused or resumed (its whole row), or deleted. */
  z.object({ type: z.literal('schedule'), schedule: Schedule }),
  z.object({ type: z.literal('schedule_deleted'), scheduleId: z.string() }),
  /**
   * Output or progress of a running action as it happens (not durable: the action's
   * envelope holds the whole outcome once it ends). `uuid` is the running envelope's.
   */
  z.object({
    type: z.literal('tool_progress'),
    conversationId: z.string(),
    uuid: z.string(),
    progress: ToolProgress,
  }),
  /**
   * Something the person must know that could not be written down (storage is full, say):
   * not durable, shown once by the tabs that are open. With a conversation, that
   * conversation's run has stopped, even when its new status could not be saved.
   */
  z.object({
    type: z.literal('alert'),
    conversationId: z.string().nullable(),
    kind: z.enum(['storage_full', 'storage_failed']),
    text: z.string(),
  }),
]);
export type BroadcastMessage = z.infer<typeof BroadcastMessage>;

/** Name of the BroadcastChannel that carries performance figures (step overheads). */
export const DIAGNOSTICS_CHANNEL_NAME = 'sandpiper-diagnostics';

/**
 * Posted on the diagnostics channel to ask the workers for their detailed timings too
 * (each journal commit, each request's Resource Timing): a message each, so only on request.
 */
export const DETAILED_DIAGNOSTICS_REQUEST = 'send_detailed_timings';

import { z } from 'zod';
import { ScheduledRunLink } from './schedules.ts';

export const ConversationStatus = z.enum(['idle', 'running', 'asking', 'done', 'error']);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

export const Conversation = z.object({
  id: z.string().min(1),
  title: z.string(),
  status: ConversationStatus,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The saved provider this conversation uses (absent: the active one). */
  providerId: z.string().optional(),
  /** The tool profile it was started with (`manus`, …); it never changes, so the prompt prefix stays stable. */
  profileId: z.string().min(1),
  /**
   * The form of the tool descriptions the model reads, chosen at the first run from the
   * model's window (compact below 16k tokens) and kept, so the prompt prefix stays stable.
   */
  toolDescriptions: z.enum(['full', 'compact']).optional(),
  /** Set when a schedule started it: which, for which due instant, and whether late. */
  scheduled: ScheduledRunLink.optional(),
});
export type Conversation = z.infer<typeof Conversation>;

import { z } from 'zod';
import { StartContext } from './know-how.ts';
import { McpToolSpec } from './mcp.ts';
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
  /** Set for a sub-agent's conversation: the conversation and the action (`task`) it works for. */
  parent: z.object({ conversationId: z.string(), actionUuid: z.string() }).optional(),
  /** Set when a schedule started it: which, for which due instant, and whether late. */
  scheduled: ScheduledRunLink.optional(),
  /**
   * The MCP tools it was started with (Settings → MCP at its first run), kept so its tool
   * list never changes; absent for conversations older than MCP support (they get none).
   */
  mcpTools: z.array(McpToolSpec).optional(),
  /**
   * Set on a fork: the conversation it was forked from, the event (`seq`) of the step it
   * was forked at, and that conversation's title then (shown when the origin is gone).
   * Dropped on import: it names a conversation of the browser the bundle came from.
   */
  forkedFrom: z
    .object({
      conversationId: z.string().min(1),
      seq: z.number().int().nonnegative(),
      /** The step's action (absent: forked at a message of the person), so a later event at the same `seq` is not it. */
      uuid: z.string().min(1).optional(),
      title: z.string(),
    })
    .optional(),
  /**
   * Set on a conversation the person imported from a bundle: when (the sidebar marks it
   * "Imported"). A restored backup copy keeps its own; a fork of it is not an import.
   */
  importedAt: z.number().optional(),
  /** The project it was started in (absent: none). Dropped on import, like `forkedFrom`. */
  projectId: z.string().min(1).optional(),
  /**
   * The skills, project and memories it started with, rendered after the system prompt and
   * never changed (absent for conversations older than issue 28: they start with none).
   */
  startContext: StartContext.optional(),
});
export type Conversation = z.infer<typeof Conversation>;

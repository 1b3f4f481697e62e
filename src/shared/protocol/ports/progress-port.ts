import { z } from 'zod';

/**
 * Partial output or progress of a running action, announced as it happens (not durable:
 * the action's envelope holds the whole outcome once it ends).
 * - `output`: a chunk of a stream (a command's stdout or stderr), on a channel (its session);
 * - `status`: a line saying where the action stands, with counts when it knows them.
 */
export const ToolProgress = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('output'),
    channel: z.string(),
    stream: z.enum(['stdout', 'stderr']),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('status'),
    text: z.string(),
    done: z.number().nonnegative().optional(),
    total: z.number().nonnegative().optional(),
  }),
]);
export type ToolProgress = z.infer<typeof ToolProgress>;

/** The progress port: how any tool streams output or says how far it got. Never throws. */
export interface ProgressPort {
  output(chunk: { channel: string; stream: 'stdout' | 'stderr'; text: string }): void;
  status(update: { text: string; done?: number; total?: number }): void;
}

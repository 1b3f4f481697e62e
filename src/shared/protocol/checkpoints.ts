import { z } from 'zod';

/** What rewinding a conversation to a step would drop and change, for the person to confirm. */
export const RewindPreview = z.object({
  /** The later actions the conversation would no longer hold. */
  steps: z.number().int().nonnegative(),
  /** The later messages and replies of the person it would no longer hold. */
  messages: z.number().int().nonnegative(),
  /** Workspace files that would go back to how they were after the step (folders are not counted). */
  paths: z.number().int().nonnegative(),
});
export type RewindPreview = z.infer<typeof RewindPreview>;

/** A rewind that can still be undone (until the conversation's next message): where to, and what it dropped. */
export const PendingRewind = RewindPreview.omit({ paths: true }).extend({
  /** The event (`seq`) the conversation was rewound to. */
  atSeq: z.number().int().nonnegative(),
  at: z.number(),
});
export type PendingRewind = z.infer<typeof PendingRewind>;

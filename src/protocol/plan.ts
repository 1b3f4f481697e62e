import { z } from 'zod';

export const PhaseStatus = z.enum(['pending', 'active', 'completed']);
export type PhaseStatus = z.infer<typeof PhaseStatus>;

export const Phase = z.object({ id: z.number().int(), title: z.string(), status: PhaseStatus });
export type Phase = z.infer<typeof Phase>;

/** Per-conversation plan state (seed 001 §7). */
export const Plan = z.object({
  conversationId: z.string(),
  goal: z.string(),
  phases: z.array(Phase),
  current_phase_id: z.number().int(),
  next_phase_id: z.number().int().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Plan = z.infer<typeof Plan>;

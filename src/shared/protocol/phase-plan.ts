import { z } from 'zod';

/** `blocked`: a step that cannot go on (OpenManus' planning tool marks steps so). */
export const PhaseStatus = z.enum(['pending', 'active', 'completed', 'blocked']);
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

/**
 * The plan once its current phase is done (the task delivered its result): the current
 * phase completes, and every phase left when the current one is the last.
 */
export function completeCurrentPhase(plan: Plan, now: number): Plan {
  const isLast = plan.phases.at(-1)?.id === plan.current_phase_id;
  return {
    ...plan,
    phases: plan.phases.map((phase) =>
      phase.id === plan.current_phase_id || (isLast && phase.status !== 'completed')
        ? { ...phase, status: 'completed' }
        : phase,
    ),
    next_phase_id: null,
    updatedAt: now,
  };
}

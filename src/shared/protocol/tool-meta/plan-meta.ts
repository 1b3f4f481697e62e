import { z } from 'zod';
import { Phase, type Plan } from '../phase-plan.ts';

/** Seed 001 `plan` meta: the plan after the action (goal, phases with statuses, current and next phase). */
export const PlanMeta = z.looseObject({
  goal: z.string(),
  phases: z.array(Phase),
  current_phase_id: z.number().int(),
  next_phase_id: z.number().int().nullable(),
});
export type PlanMeta = z.infer<typeof PlanMeta>;

/** The plan fields the UI and the model see, from the plan as stored. */
export function planMeta(plan: Plan): PlanMeta {
  return {
    goal: plan.goal,
    phases: plan.phases.map(({ id, title, status }) => ({ id, title, status })),
    current_phase_id: plan.current_phase_id,
    next_phase_id: plan.next_phase_id,
  };
}

/** The plan a plan action's meta describes (its conversation and timestamps aside), or null when malformed. */
export function planFieldsOf(meta: unknown): PlanMeta | null {
  const parsed = PlanMeta.extend({ next_phase_id: PlanMeta.shape.next_phase_id.catch(null) }).safeParse(meta);
  if (!parsed.success) return null;
  const { goal, phases, current_phase_id, next_phase_id } = parsed.data;
  return { goal, phases, current_phase_id, next_phase_id };
}

/** The meta kind `plan`: `TOOL_META` collects it (./index.ts). */
export const META = { kind: 'plan', schema: PlanMeta } as const;

declare module './index.ts' {
  interface ToolMetaSchemas {
    plan: typeof PlanMeta;
  }
}

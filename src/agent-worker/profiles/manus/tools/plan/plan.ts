import { z } from 'zod';
import {
  defineTool,
  modelFacing,
  rejectedCall,
  type ToolContext,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import type { Phase, Plan } from '@/shared/protocol/phase-plan.ts';
import { type PlanMeta, planMeta } from '@/shared/protocol/tool-meta/plan-meta.ts';
import description from './plan.md?raw';

const PhaseInput = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  capabilities: modelFacing(z.record(z.string(), z.unknown()).optional(), { type: 'object' }),
});

/** Seed 000's `plan` parameters, in its order. */
export const PlanParameters = z.object({
  action: z.enum(['update', 'advance']).describe('The action to perform'),
  current_phase_id: z
    .number()
    .int()
    .optional()
    .describe(
      'ID of the phase the task is currently in. Must be one of the IDs in the latest `phases` list.',
    ),
  goal: z
    .string()
    .optional()
    .describe(
      'The overall goal of the task, written as a clear and concise sentence. Required for `update` action.',
    ),
  next_phase_id: z
    .number()
    .int()
    .optional()
    .describe(
      'ID of the phase the task is advancing to. Must be one of the IDs in the latest `phases` list. Required for `advance` action.',
    ),
  phases: z
    .array(PhaseInput)
    .optional()
    .describe('Complete list of phases required to achieve the task goal. Required for `update` action.'),
});
export type PlanParameters = z.infer<typeof PlanParameters>;

export const planTool = defineTool({
  name: 'plan',
  description,
  metaKind: 'plan',
  parameters: PlanParameters,
  hasSideEffects: false,
  actionKey: 'action',
  requiredFor: { update: ['goal', 'phases'], advance: ['next_phase_id'] },
  actions: {
    update: { label: 'plan', role: 'plan', effect: 'reads' },
    advance: { label: 'advance_plan', role: 'plan', effect: 'reads' },
  },
  execute: (params, context) =>
    params.action === 'update' ? updatePlan(params, context) : advancePlan(params, context),
});

function updatePlan(params: PlanParameters, context: ToolContext): ToolOutcome<PlanMeta> {
  const goal = params.goal?.trim();
  const phases = params.phases ?? [];
  if (!goal) return rejectedCall('`update` needs a `goal`: one clear sentence describing the task.');
  if (phases.length === 0)
    return rejectedCall('`update` needs `phases`: the complete ordered list of phases.');
  const ids = phases.map((phase) => phase.id);
  if (new Set(ids).size !== ids.length)
    return rejectedCall(`Phase IDs must be unique; got ${ids.join(', ')}.`);
  if (ids.some((id, index) => index > 0 && id <= (ids[index - 1] ?? id))) {
    return rejectedCall(`Phase IDs must be in ascending order; got ${ids.join(', ')}.`);
  }
  const currentId = params.current_phase_id ?? ids[0]!;
  const currentIndex = ids.indexOf(currentId);
  if (currentIndex < 0) {
    return rejectedCall(`current_phase_id ${currentId} is not in the phases list (${ids.join(', ')}).`);
  }
  const now = context.now();
  const plan: Plan = {
    conversationId: context.conversationId,
    goal,
    phases: phases.map((phase, index) => ({
      id: phase.id,
      title: phase.title,
      status: index < currentIndex ? 'completed' : index === currentIndex ? 'active' : 'pending',
    })),
    current_phase_id: currentId,
    next_phase_id: ids[currentIndex + 1] ?? null,
    createdAt: context.plan?.createdAt ?? now,
    updatedAt: now,
  };
  const current = plan.phases[currentIndex]!;
  return {
    status: 'success',
    content: `Plan set: ${goal} (${phases.length} phases). Current phase ${current.id}: ${current.title}.`,
    meta: planMeta(plan),
    plan,
  };
}

function advancePlan(params: PlanParameters, context: ToolContext): ToolOutcome<PlanMeta> {
  const plan = context.plan;
  if (!plan) return rejectedCall('There is no plan to advance. Create one with `update` first.');
  const ids = plan.phases.map((phase) => phase.id);
  const currentIndex = ids.indexOf(plan.current_phase_id);
  const expectedNext = ids[currentIndex + 1];
  if (params.next_phase_id === undefined) {
    return rejectedCall(
      `\`advance\` needs \`next_phase_id\`; the next phase is ${expectedNext ?? 'none (this is the last phase)'}.`,
    );
  }
  if (params.current_phase_id !== undefined && params.current_phase_id !== plan.current_phase_id) {
    return rejectedCall(
      `current_phase_id ${params.current_phase_id} is not the current phase (${plan.current_phase_id}). If the plan has changed, revise it with \`update\`.`,
    );
  }
  if (expectedNext === undefined) {
    return rejectedCall(
      `Phase ${plan.current_phase_id} is the last phase; there is nothing to advance to. Deliver the result with \`message\` type \`result\`, or revise the plan with \`update\`.`,
    );
  }
  if (params.next_phase_id !== expectedNext) {
    const direction = params.next_phase_id > expectedNext ? 'skips phases' : 'goes backward';
    return rejectedCall(
      `Advancing from phase ${plan.current_phase_id} to ${params.next_phase_id} ${direction}: \`next_phase_id\` must be ${expectedNext}, the next sequential phase. Skipping or going back means the plan needs revising — use \`update\` with the revised phases.`,
    );
  }
  const now = context.now();
  const nextIndex = currentIndex + 1;
  const advanced: Plan = {
    ...plan,
    phases: plan.phases.map(
      (phase, index): Phase => ({
        ...phase,
        status: index < nextIndex ? 'completed' : index === nextIndex ? 'active' : 'pending',
      }),
    ),
    current_phase_id: expectedNext,
    next_phase_id: ids[nextIndex + 1] ?? null,
    updatedAt: now,
  };
  const done = plan.phases[currentIndex]!;
  const active = advanced.phases[nextIndex]!;
  return {
    status: 'success',
    content: `Completed phase ${done.id} (${done.title}); now in phase ${active.id}: ${active.title}.`,
    meta: planMeta(advanced),
    plan: advanced,
  };
}

import { z } from 'zod';
import type { Phase, PhaseStatus, Plan } from '@/shared/protocol/phase-plan.ts';
import { SandboxError, type SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

export const STEP_STATUSES = ['not_started', 'in_progress', 'completed', 'blocked'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** One plan as OpenManus' planning tool keeps it. */
export const StoredPlan = z.object({
  plan_id: z.string(),
  title: z.string(),
  steps: z.array(z.string()),
  step_statuses: z.array(z.enum(STEP_STATUSES)),
  step_notes: z.array(z.string()),
});
export type StoredPlan = z.infer<typeof StoredPlan>;

/** Every plan of the conversation, in the order made, and the active one. */
export const PlanningState = z.object({
  plans: z.array(StoredPlan),
  active_plan_id: z.string().nullable(),
});
export type PlanningState = z.infer<typeof PlanningState>;

/** Where the plans are kept: a workspace file, so they outlive the worker and a reload (OpenManus keeps them in memory). */
export const PLANNING_STATE_PATH = `${WORKSPACE_ROOT}/.sandpiper/planning.json`;

/** The saved plans, or none yet. */
export async function loadPlanningState(sandbox: SandboxPort): Promise<PlanningState> {
  try {
    return PlanningState.parse(JSON.parse(await sandbox.readText(PLANNING_STATE_PATH)));
  } catch (error) {
    if (error instanceof SandboxError && error.kind === 'not_found')
      return { plans: [], active_plan_id: null };
    throw error;
  }
}

export async function savePlanningState(sandbox: SandboxPort, state: PlanningState): Promise<void> {
  await sandbox.writeFile(PLANNING_STATE_PATH, JSON.stringify(state, null, 2));
}

const STATUS_SYMBOLS: Record<StepStatus, string> = {
  not_started: '[ ]',
  in_progress: '[→]',
  completed: '[✓]',
  blocked: '[!]',
};

/** A plan as OpenManus' `_format_plan` writes it: title, progress, counts, then each step. */
export function formatPlan(plan: StoredPlan): string {
  const heading = `Plan: ${plan.title} (ID: ${plan.plan_id})\n`;
  let output = `${heading}${'='.repeat([...heading].length)}\n\n`;
  const total = plan.steps.length;
  const count = (status: StepStatus) => plan.step_statuses.filter((entry) => entry === status).length;
  const completed = count('completed');
  output += `Progress: ${completed}/${total} steps completed `;
  output += total > 0 ? `(${((completed / total) * 100).toFixed(1)}%)\n` : '(0%)\n';
  output += `Status: ${completed} completed, ${count('in_progress')} in progress, ${count('blocked')} blocked, ${count('not_started')} not started\n\n`;
  output += 'Steps:\n';
  plan.steps.forEach((step, index) => {
    const status = plan.step_statuses[index] ?? 'not_started';
    output += `${index}. ${STATUS_SYMBOLS[status]} ${step}\n`;
    const notes = plan.step_notes[index];
    if (notes) output += `   Notes: ${notes}\n`;
  });
  return output;
}

const PHASE_STATUSES: Record<StepStatus, PhaseStatus> = {
  not_started: 'pending',
  in_progress: 'active',
  completed: 'completed',
  blocked: 'blocked',
};

/** The plan panel's goal when no plan is active (none made yet, or the active one deleted). */
export const NO_ACTIVE_PLAN = 'No active plan';

/**
 * The active plan as the plan panel shows it: the title as the goal, each step a phase
 * whose id is its `step_index`. The current phase is the first step in progress, else
 * the first one not completed, else the last.
 */
export function panelPlan(
  plan: StoredPlan | null,
  conversationId: string,
  now: number,
  previous: Plan | null,
): Plan {
  const phases: Phase[] = (plan?.steps ?? []).map((title, index) => ({
    id: index,
    title,
    status: PHASE_STATUSES[plan?.step_statuses[index] ?? 'not_started'],
  }));
  const inProgress = phases.findIndex((phase) => phase.status === 'active');
  const unfinished = phases.findIndex((phase) => phase.status !== 'completed');
  const current =
    inProgress >= 0 ? inProgress : unfinished >= 0 ? unfinished : Math.max(0, phases.length - 1);
  return {
    conversationId,
    goal: plan?.title ?? NO_ACTIVE_PLAN,
    phases,
    current_phase_id: current,
    next_phase_id: current + 1 < phases.length ? current + 1 : null,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  };
}

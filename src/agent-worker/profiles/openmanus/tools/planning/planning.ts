import { z } from 'zod';
import {
  defineTool,
  type ToolContext,
  type ToolMeta,
  type ToolOutcome,
} from '@/agent-worker/toolkit/define-tool.ts';
import type { ActionFacts } from '@/agent-worker/toolkit/tool-facts.ts';
import type { Plan } from '@/shared/protocol/phase-plan.ts';
import { planMeta } from '@/shared/protocol/tool-meta/plan-meta.ts';
import description from './planning.md?raw';
import {
  formatPlan,
  loadPlanningState,
  type PlanningState,
  panelPlan,
  STEP_STATUSES,
  type StoredPlan,
  savePlanningState,
} from './planning-state.ts';

const COMMANDS = ['create', 'update', 'list', 'get', 'set_active', 'mark_step', 'delete'] as const;

/** A command that changes the plan (the plan panel follows it). */
const PLAN_CHANGE: ActionFacts = { label: 'plan', role: 'plan', effect: 'reads' };
/** A command that only reads the plans. */
const PLAN_READ: ActionFacts = { label: 'read_plan', role: 'plan', effect: 'reads' };

/** OpenManus' `planning` parameters, word for word (no other fields accepted). */
export const PlanningParameters = z.strictObject({
  command: z
    .enum(COMMANDS)
    .describe(
      'The command to execute. Available commands: create, update, list, get, set_active, mark_step, delete.',
    ),
  plan_id: z
    .string()
    .optional()
    .describe(
      'Unique identifier for the plan. Required for create, update, set_active, and delete commands. Optional for get and mark_step (uses active plan if not specified).',
    ),
  title: z
    .string()
    .optional()
    .describe('Title for the plan. Required for create command, optional for update command.'),
  steps: z
    .array(z.string())
    .optional()
    .describe('List of plan steps. Required for create command, optional for update command.'),
  step_index: z
    .number()
    .int()
    .optional()
    .describe('Index of the step to update (0-based). Required for mark_step command.'),
  step_status: z
    .enum(STEP_STATUSES)
    .optional()
    .describe('Status to set for a step. Used with mark_step command.'),
  step_notes: z.string().optional().describe('Additional notes for a step. Optional for mark_step command.'),
});
type Params = z.infer<typeof PlanningParameters>;

/** A failure with OpenManus' `ToolError` text. */
class PlanningError extends Error {}

/** What a command did: its output, and whether the active plan (the one the panel shows) changed. */
type Done = { output: string; isPanelChanged: boolean };

/**
 * OpenManus' planning tool: plans by id (title, steps, each step's status and notes) and
 * an active plan, with OpenManus' texts. The plans are kept in a workspace file; the
 * active plan is what the plan panel shows (each step a phase, `blocked` included).
 */
export const planningTool = defineTool({
  name: 'planning',
  description,
  metaKind: null,
  parameters: PlanningParameters,
  actionKey: 'command',
  requiredFor: {
    create: ['plan_id', 'title', 'steps'],
    update: ['plan_id'],
    set_active: ['plan_id'],
    mark_step: ['step_index'],
    delete: ['plan_id'],
  },
  actions: {
    create: PLAN_CHANGE,
    update: PLAN_CHANGE,
    list: PLAN_READ,
    get: PLAN_READ,
    set_active: PLAN_CHANGE,
    mark_step: PLAN_CHANGE,
    delete: PLAN_CHANGE,
  },
  execute: async (params, context): Promise<ToolOutcome> => {
    const sandbox = await context.sandbox();
    const state = await loadPlanningState(sandbox);
    let done: Done;
    try {
      done = runCommand(params, state);
    } catch (error) {
      if (error instanceof PlanningError)
        return { status: 'error', kind: 'execution', message: error.message };
      throw error;
    }
    if (params.command !== 'list' && params.command !== 'get') await savePlanningState(sandbox, state);
    const meta: ToolMeta = { plan_id: params.plan_id ?? state.active_plan_id };
    if (!done.isPanelChanged) return { status: 'success', content: done.output, meta };
    const plan = panelPlanOf(state, context);
    return { status: 'success', content: done.output, meta: { ...meta, ...planMeta(plan) }, plan };
  },
});

function panelPlanOf(state: PlanningState, context: ToolContext): Plan {
  const active = state.plans.find((plan) => plan.plan_id === state.active_plan_id) ?? null;
  return panelPlan(active, context.conversationId, context.now(), context.plan);
}

function runCommand(params: Params, state: PlanningState): Done {
  const find = (planId: string): StoredPlan => {
    const plan = state.plans.find((entry) => entry.plan_id === planId);
    if (!plan) throw new PlanningError(`No plan found with ID: ${planId}`);
    return plan;
  };
  const required = (value: string | undefined, command: string): string => {
    if (!value) throw new PlanningError(`Parameter \`plan_id\` is required for command: ${command}`);
    return value;
  };
  const activeOr = (planId: string | undefined): string => {
    if (planId) return planId;
    if (!state.active_plan_id)
      throw new PlanningError('No active plan. Please specify a plan_id or set an active plan.');
    return state.active_plan_id;
  };
  switch (params.command) {
    case 'create': {
      const planId = required(params.plan_id, 'create');
      if (state.plans.some((plan) => plan.plan_id === planId)) {
        throw new PlanningError(
          `A plan with ID '${planId}' already exists. Use 'update' to modify existing plans.`,
        );
      }
      if (!params.title) throw new PlanningError('Parameter `title` is required for command: create');
      if (!params.steps || params.steps.length === 0) {
        throw new PlanningError('Parameter `steps` must be a non-empty list of strings for command: create');
      }
      const plan: StoredPlan = {
        plan_id: planId,
        title: params.title,
        steps: params.steps,
        step_statuses: params.steps.map(() => 'not_started'),
        step_notes: params.steps.map(() => ''),
      };
      state.plans.push(plan);
      state.active_plan_id = planId;
      return {
        output: `Plan created successfully with ID: ${planId}\n\n${formatPlan(plan)}`,
        isPanelChanged: true,
      };
    }
    case 'update': {
      const planId = required(params.plan_id, 'update');
      const plan = find(planId);
      if (params.title) plan.title = params.title;
      if (params.steps && params.steps.length > 0) {
        const kept = params.steps.map(
          (step, index) => index < plan.steps.length && plan.steps[index] === step,
        );
        plan.step_statuses = params.steps.map((_, index) =>
          kept[index] ? (plan.step_statuses[index] ?? 'not_started') : 'not_started',
        );
        plan.step_notes = params.steps.map((_, index) => (kept[index] ? (plan.step_notes[index] ?? '') : ''));
        plan.steps = params.steps;
      }
      return {
        output: `Plan updated successfully: ${planId}\n\n${formatPlan(plan)}`,
        isPanelChanged: planId === state.active_plan_id,
      };
    }
    case 'list': {
      if (state.plans.length === 0) {
        return {
          output: "No plans available. Create a plan with the 'create' command.",
          isPanelChanged: false,
        };
      }
      let output = 'Available plans:\n';
      for (const plan of state.plans) {
        const marker = plan.plan_id === state.active_plan_id ? ' (active)' : '';
        const completed = plan.step_statuses.filter((status) => status === 'completed').length;
        output += `• ${plan.plan_id}${marker}: ${plan.title} - ${completed}/${plan.steps.length} steps completed\n`;
      }
      return { output, isPanelChanged: false };
    }
    case 'get':
      return { output: formatPlan(find(activeOr(params.plan_id))), isPanelChanged: false };
    case 'set_active': {
      const planId = required(params.plan_id, 'set_active');
      const plan = find(planId);
      state.active_plan_id = planId;
      return {
        output: `Plan '${planId}' is now the active plan.\n\n${formatPlan(plan)}`,
        isPanelChanged: true,
      };
    }
    case 'mark_step':
      return markStep(params, state, find(activeOr(params.plan_id)));
    case 'delete': {
      const planId = required(params.plan_id, 'delete');
      find(planId);
      state.plans = state.plans.filter((plan) => plan.plan_id !== planId);
      const wasActive = state.active_plan_id === planId;
      if (wasActive) state.active_plan_id = null;
      return { output: `Plan '${planId}' has been deleted.`, isPanelChanged: wasActive };
    }
  }
}

function markStep(params: Params, state: PlanningState, plan: StoredPlan): Done {
  const index = params.step_index;
  if (index === undefined)
    throw new PlanningError('Parameter `step_index` is required for command: mark_step');
  if (index < 0 || index >= plan.steps.length) {
    throw new PlanningError(
      `Invalid step_index: ${index}. Valid indices range from 0 to ${plan.steps.length - 1}.`,
    );
  }
  if (params.step_status) plan.step_statuses[index] = params.step_status;
  if (params.step_notes) plan.step_notes[index] = params.step_notes;
  return {
    output: `Step ${index} updated in plan '${plan.plan_id}'.\n\n${formatPlan(plan)}`,
    isPanelChanged: plan.plan_id === state.active_plan_id,
  };
}

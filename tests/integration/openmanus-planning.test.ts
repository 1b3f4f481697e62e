import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { planningTool } from '../../src/agent-worker/profiles/openmanus/tools/planning/planning.ts';
import {
  NO_ACTIVE_PLAN,
  PLANNING_STATE_PATH,
} from '../../src/agent-worker/profiles/openmanus/tools/planning/planning-state.ts';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { ToolOutcome, ToolSuccess } from '../../src/agent-worker/toolkit/define-tool.ts';
import type { Plan } from '../../src/shared/protocol/phase-plan.ts';
import { planFieldsOf } from '../../src/shared/protocol/tool-meta/plan-meta.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/**
 * OpenManus' `planning` through the real tool over a real virtual sandbox: its texts,
 * plans kept in the workspace (not in memory) across a reload, and the active plan as
 * the plan panel shows it.
 */

let workspace: WorkspaceRepository;
let sandbox: VirtualSandbox;
let panel: Plan | null;
const open = () => VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 5_000_000 });

beforeEach(async () => {
  workspace = new WorkspaceRepository(
    new SandpiperDatabase(`openmanus-planning-${randomUUID()}`, { indexedDB, IDBKeyRange }),
  );
  sandbox = await open();
  panel = null;
});

async function planning(args: Record<string, unknown>): Promise<ToolOutcome> {
  const prepared = planningTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  const outcome = await prepared.execute!(testToolContext({ sandbox: async () => sandbox, plan: panel }));
  if (outcome.status === 'success' && outcome.plan) panel = outcome.plan;
  return outcome;
}
const success = async (args: Record<string, unknown>): Promise<ToolSuccess> => {
  const outcome = await planning(args);
  if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
  return outcome;
};
const error = async (args: Record<string, unknown>) => {
  const outcome = await planning(args);
  if (outcome.status !== 'error') throw new Error(`Expected an error, got: ${outcome.content}`);
  return outcome.message;
};

const STEPS = ['Gather data', 'Analyse it', 'Write the report'];

describe('planning', () => {
  it('creates a plan with OpenManus’ text and shows it in the plan panel', async () => {
    const created = await success({
      command: 'create',
      plan_id: 'report',
      title: 'Sales report',
      steps: STEPS,
    });
    expect(created.content).toBe(
      [
        'Plan created successfully with ID: report',
        '',
        'Plan: Sales report (ID: report)',
        '================================', // as long as the heading with its newline, as OpenManus counts
        '',
        'Progress: 0/3 steps completed (0.0%)',
        'Status: 0 completed, 0 in progress, 0 blocked, 3 not started',
        '',
        'Steps:',
        '0. [ ] Gather data',
        '1. [ ] Analyse it',
        '2. [ ] Write the report',
        '',
      ].join('\n'),
    );
    expect(created.plan).toMatchObject({
      conversationId: 'c',
      goal: 'Sales report',
      phases: STEPS.map((title, id) => ({ id, title, status: 'pending' })),
      current_phase_id: 0,
      next_phase_id: 1,
    });
    // The meta carries the same plan, so a replay of the log rebuilds the panel.
    expect(planFieldsOf(created.meta)).toMatchObject({ goal: 'Sales report', current_phase_id: 0 });
  });

  it('marks steps in progress, completed and blocked, with notes, and maps them onto phases', async () => {
    await success({ command: 'create', plan_id: 'report', title: 'Sales report', steps: STEPS });
    await success({ command: 'mark_step', step_index: 0, step_status: 'completed' });
    await success({ command: 'mark_step', step_index: 1, step_status: 'in_progress' });
    const marked = await success({
      command: 'mark_step',
      plan_id: 'report',
      step_index: 2,
      step_status: 'blocked',
      step_notes: 'Waiting for the figures',
    });
    expect(marked.content).toContain("Step 2 updated in plan 'report'.");
    expect(marked.content).toContain('Progress: 1/3 steps completed (33.3%)');
    expect(marked.content).toContain('Status: 1 completed, 1 in progress, 1 blocked, 0 not started');
    expect(marked.content).toContain(
      '0. [✓] Gather data\n1. [→] Analyse it\n2. [!] Write the report\n   Notes: Waiting for the figures\n',
    );
    expect(panel?.phases.map((phase) => phase.status)).toEqual(['completed', 'active', 'blocked']);
    expect(panel).toMatchObject({ current_phase_id: 1, next_phase_id: 2 });
  });

  it('refuses with OpenManus’ texts', async () => {
    expect(await error({ command: 'get' })).toBe(
      'No active plan. Please specify a plan_id or set an active plan.',
    );
    expect(await error({ command: 'mark_step', step_index: 0 })).toBe(
      'No active plan. Please specify a plan_id or set an active plan.',
    );
    expect(await error({ command: 'create', title: 'T', steps: ['a'] })).toBe(
      'Parameter `plan_id` is required for command: create',
    );
    expect(await error({ command: 'create', plan_id: 'p', steps: ['a'] })).toBe(
      'Parameter `title` is required for command: create',
    );
    expect(await error({ command: 'create', plan_id: 'p', title: 'T', steps: [] })).toBe(
      'Parameter `steps` must be a non-empty list of strings for command: create',
    );
    await success({ command: 'create', plan_id: 'p', title: 'T', steps: ['a', 'b'] });
    expect(await error({ command: 'create', plan_id: 'p', title: 'T', steps: ['a'] })).toBe(
      "A plan with ID 'p' already exists. Use 'update' to modify existing plans.",
    );
    expect(await error({ command: 'update', plan_id: 'q' })).toBe('No plan found with ID: q');
    expect(await error({ command: 'set_active' })).toBe(
      'Parameter `plan_id` is required for command: set_active',
    );
    expect(await error({ command: 'delete' })).toBe('Parameter `plan_id` is required for command: delete');
    expect(await error({ command: 'mark_step' })).toBe(
      'Parameter `step_index` is required for command: mark_step',
    );
    expect(await error({ command: 'mark_step', step_index: 2 })).toBe(
      'Invalid step_index: 2. Valid indices range from 0 to 1.',
    );
    expect(planningTool.prepare(JSON.stringify({ command: 'mark_step', step_status: 'done' })).ok).toBe(
      false,
    );
    expect(planningTool.prepare(JSON.stringify({ command: 'list', extra: 1 })).ok).toBe(false);
  });

  it('keeps statuses of unchanged steps on update, lists, switches and deletes plans, across a reload', async () => {
    expect((await success({ command: 'list' })).content).toBe(
      "No plans available. Create a plan with the 'create' command.",
    );
    await success({ command: 'create', plan_id: 'a', title: 'First', steps: ['one', 'two'] });
    await success({ command: 'mark_step', step_index: 0, step_status: 'completed', step_notes: 'done' });
    await success({ command: 'create', plan_id: 'b', title: 'Second', steps: ['x'] });
    expect(panel?.goal).toBe('Second');

    await sandbox.close();
    sandbox = await open();
    expect(await sandbox.stat(PLANNING_STATE_PATH)).not.toBeNull();
    expect((await success({ command: 'list' })).content).toBe(
      'Available plans:\n• a: First - 1/2 steps completed\n• b (active): Second - 0/1 steps completed\n',
    );
    const updated = await success({ command: 'update', plan_id: 'a', steps: ['one', 'three'] });
    expect(updated.content).toContain('Plan updated successfully: a');
    expect(updated.content).toContain('0. [✓] one\n   Notes: done\n1. [ ] three\n');
    expect(updated.plan).toBeUndefined(); // not the active plan: the panel keeps showing b
    const switched = await success({ command: 'set_active', plan_id: 'a' });
    expect(switched.content.split('\n')[0]).toBe("Plan 'a' is now the active plan.");
    expect(panel).toMatchObject({ goal: 'First', current_phase_id: 1 });
    expect((await success({ command: 'get', plan_id: 'b' })).content.split('\n')[0]).toBe(
      'Plan: Second (ID: b)',
    );
    expect((await success({ command: 'delete', plan_id: 'b' })).plan).toBeUndefined();
    const deleted = await success({ command: 'delete', plan_id: 'a' });
    expect(deleted.content).toBe("Plan 'a' has been deleted.");
    expect(panel).toMatchObject({ goal: NO_ACTIVE_PLAN, phases: [] });
  });
});

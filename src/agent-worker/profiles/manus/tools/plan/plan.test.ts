import { describe, expect, it } from 'vitest';
import type { ToolContext, ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { completeCurrentPhase, type Plan } from '@/shared/protocol/phase-plan.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { planTool } from './plan.ts';

const context = (plan: Plan | null): ToolContext => testToolContext({ plan });

async function run(args: unknown, plan: Plan | null = null): Promise<ToolOutcome> {
  const prepared = planTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.execute!(context(plan));
}

const phases = [1, 2, 3].map((id) => ({ id, title: `Phase ${id}` }));

async function planned(): Promise<Plan> {
  const outcome = await run({ action: 'update', goal: 'Ship it', phases });
  if (outcome.status !== 'success' || !outcome.plan) throw new Error('no plan');
  return outcome.plan;
}

describe('plan tool', () => {
  it('update makes the first phase active and reports seed 001 meta', async () => {
    const outcome = await run({ action: 'update', goal: 'Ship it', phases });
    expect(outcome.status).toBe('success');
    if (outcome.status !== 'success') return;
    expect(outcome.meta).toEqual({
      goal: 'Ship it',
      phases: [
        { id: 1, title: 'Phase 1', status: 'active' },
        { id: 2, title: 'Phase 2', status: 'pending' },
        { id: 3, title: 'Phase 3', status: 'pending' },
      ],
      current_phase_id: 1,
      next_phase_id: 2,
    });
  });

  it('update honours current_phase_id, completing earlier phases', async () => {
    const outcome = await run({ action: 'update', goal: 'g', phases, current_phase_id: 2 });
    if (outcome.status !== 'success') throw new Error(JSON.stringify(outcome));
    expect(outcome.plan?.phases.map((phase) => phase.status)).toEqual(['completed', 'active', 'pending']);
  });

  it('update refuses missing goal, duplicate or unordered ids and an unknown current phase', async () => {
    expect(await run({ action: 'update', phases })).toMatchObject({ status: 'error' });
    expect(await run({ action: 'update', goal: 'g', phases: [] })).toMatchObject({ status: 'error' });
    const duplicate = await run({ action: 'update', goal: 'g', phases: [phases[0], phases[0]] });
    expect(duplicate).toMatchObject({ status: 'error', message: expect.stringMatching(/unique/) });
    const unordered = await run({ action: 'update', goal: 'g', phases: [phases[1], phases[0]] });
    expect(unordered).toMatchObject({ status: 'error', message: expect.stringMatching(/ascending/) });
    const unknown = await run({ action: 'update', goal: 'g', phases, current_phase_id: 9 });
    expect(unknown).toMatchObject({ status: 'error', message: expect.stringMatching(/not in the phases/) });
  });

  it('advance moves to the next sequential phase only', async () => {
    const plan = await planned();
    const ok = await run({ action: 'advance', current_phase_id: 1, next_phase_id: 2 }, plan);
    if (ok.status !== 'success') throw new Error(JSON.stringify(ok));
    expect(ok.meta).toMatchObject({ current_phase_id: 2, next_phase_id: 3 });
    expect(ok.plan?.phases.map((phase) => phase.status)).toEqual(['completed', 'active', 'pending']);

    const skip = await run({ action: 'advance', next_phase_id: 3 }, plan);
    expect(skip).toMatchObject({
      status: 'error',
      kind: 'rejected',
      message: expect.stringMatching(/skips.*update/s),
    });
    const back = await run({ action: 'advance', next_phase_id: 1 }, ok.plan!);
    expect(back).toMatchObject({ status: 'error', message: expect.stringMatching(/backward/) });
    const wrongCurrent = await run({ action: 'advance', current_phase_id: 2, next_phase_id: 2 }, plan);
    expect(wrongCurrent).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/not the current phase/),
    });
  });

  it('advance without a plan or past the last phase is refused', async () => {
    expect(await run({ action: 'advance', next_phase_id: 2 })).toMatchObject({ status: 'error' });
    const last = await run({ action: 'update', goal: 'g', phases, current_phase_id: 3 });
    if (last.status !== 'success') throw new Error('no plan');
    const past = await run({ action: 'advance', next_phase_id: 4 }, last.plan!);
    expect(past).toMatchObject({ status: 'error', message: expect.stringMatching(/last phase/) });
  });

  it('rejects arguments of the wrong type with a readable message', () => {
    const prepared = planTool.prepare('{"action":"update","phases":[{"id":"one"}]}');
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.message).toMatch(/phases/);
    const broken = planTool.prepare('{"action": "upd');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toMatch(/not valid JSON/);
  });

  it('completing the last phase completes the plan', async () => {
    const last = await run({ action: 'update', goal: 'g', phases, current_phase_id: 3 });
    if (last.status !== 'success') throw new Error('no plan');
    expect(completeCurrentPhase(last.plan!, 1).phases.every((phase) => phase.status === 'completed')).toBe(
      true,
    );
  });
});

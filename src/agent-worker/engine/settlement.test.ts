import { describe, expect, it } from 'vitest';
import type { EnvelopeEvent } from '../../shared/protocol/events.ts';
import type { Plan } from '../../shared/protocol/phase-plan.ts';
import { settle } from './settlement.ts';

const plan: Plan = {
  conversationId: 'c',
  goal: 'Write the notes',
  phases: [
    { id: 1, title: 'Draft', status: 'active' },
    { id: 2, title: 'Review', status: 'pending' },
  ],
  current_phase_id: 1,
  next_phase_id: 2,
  createdAt: 1,
  updatedAt: 1,
};

const result: EnvelopeEvent = {
  type: 'envelope',
  toolCallId: 'call-1',
  role: 'result',
  envelope: {
    uuid: 'u',
    status: 'running',
    content: 'Finishing',
    meta: { action_type: 'terminate', tool: 'terminate' },
  },
};

describe('settling a result', () => {
  it('ends the run and completes the current phase when the task is done', () => {
    const done = settle(result, { status: 'success', content: 'Done.', meta: {} }, plan, 5);
    expect(done.endsRun).toBe(true);
    expect(done.changes.conversation).toEqual({ status: 'done' });
    expect(done.changes.plan?.phases.map((phase) => phase.status)).toEqual(['completed', 'pending']);
  });

  it('ends the run without completing the phase when the task was given up', () => {
    const givenUp = settle(
      result,
      { status: 'success', content: 'Failed.', meta: {}, isGivenUp: true },
      plan,
      5,
    );
    expect(givenUp.endsRun).toBe(true);
    expect(givenUp.changes.conversation).toEqual({ status: 'done' });
    expect(givenUp.changes.plan).toBeUndefined();
  });
});

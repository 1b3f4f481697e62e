import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from './events.ts';
import { planAfter } from './plan-after.ts';

const phases = (statuses: Array<'pending' | 'active' | 'completed'>) =>
  statuses.map((status, index) => ({ id: index + 1, title: `Phase ${index + 1}`, status }));

/** The roles the Manus profile gives these actions. */
const ROLES = {
  'message.info': 'inform',
  'plan.update': 'plan',
  'plan.advance': 'plan',
  'message.result': 'result',
} as const;

function envelope(
  uuid: string,
  actionType: keyof typeof ROLES,
  meta: Record<string, unknown> = {},
): EventBody {
  const [tool = actionType] = actionType.split('.');
  return {
    type: 'envelope',
    toolCallId: `call-${uuid}`,
    role: ROLES[actionType],
    envelope: { uuid, status: 'success', content: '', meta: { action_type: actionType, tool, ...meta } },
  };
}

function log(...bodies: EventBody[]): StoredEvent[] {
  return bodies.map((body, seq) => ({ conversationId: 'c1', seq, at: 100 + seq, body }));
}

const events = log(
  { type: 'user_message', text: 'Build it' },
  envelope('u1', 'message.info'),
  envelope('u2', 'plan.update', {
    goal: 'Build',
    phases: phases(['active', 'pending', 'pending']),
    current_phase_id: 1,
    next_phase_id: 2,
  }),
  envelope('u3', 'plan.advance', {
    goal: 'Build',
    phases: phases(['completed', 'active', 'pending']),
    current_phase_id: 2,
    next_phase_id: 3,
  }),
  envelope('u4', 'message.result'),
);

describe('the plan during a replay', () => {
  it('does not exist before the first plan action', () => {
    expect(planAfter(events, 2, 'c1')).toBeNull();
  });

  it('follows each plan action', () => {
    expect(planAfter(events, 3, 'c1')?.phases.map((phase) => phase.status)).toEqual([
      'active',
      'pending',
      'pending',
    ]);
    expect(planAfter(events, 4, 'c1')).toMatchObject({
      conversationId: 'c1',
      goal: 'Build',
      current_phase_id: 2,
      next_phase_id: 3,
      createdAt: 102,
      updatedAt: 103,
    });
  });

  it('completes the current phase when the result is delivered, all of them from the last phase', () => {
    expect(planAfter(events, 5, 'c1')?.phases.map((phase) => phase.status)).toEqual([
      'completed',
      'completed',
      'pending',
    ]);
    const fromLast = log(
      envelope('u1', 'plan.update', {
        goal: 'Two',
        phases: phases(['completed', 'active']),
        current_phase_id: 2,
        next_phase_id: null,
      }),
      envelope('u2', 'message.result'),
    );
    expect(planAfter(fromLast, 2, 'c1')?.phases.map((phase) => phase.status)).toEqual([
      'completed',
      'completed',
    ]);
  });

  it('ignores failed plan actions', () => {
    const failed = log({
      type: 'envelope',
      toolCallId: 'x',
      envelope: {
        uuid: 'e',
        status: 'error',
        content: 'no',
        meta: { action_type: 'plan.update', tool: 'plan' },
      },
    });
    expect(planAfter(failed, 1, 'c1')).toBeNull();
  });
});

import type { StoredEvent } from '../../protocol/events.ts';
import { Phase, type Plan } from '../../protocol/plan.ts';

/** The plan fields a successful `plan` envelope's meta carries (seed 001's plan meta). */
function planFromMeta(
  meta: Record<string, unknown>,
): Omit<Plan, 'conversationId' | 'createdAt' | 'updatedAt'> | null {
  const phases = Phase.array().safeParse(meta.phases);
  if (!phases.success || typeof meta.goal !== 'string' || typeof meta.current_phase_id !== 'number')
    return null;
  return {
    goal: meta.goal,
    phases: phases.data,
    current_phase_id: meta.current_phase_id,
    next_phase_id: typeof meta.next_phase_id === 'number' ? meta.next_phase_id : null,
  };
}

/** `plan` once its current phase is done (all remaining phases when it is the last). */
function completeCurrentPhase(plan: Plan, at: number): Plan {
  const current = plan.current_phase_id;
  const isLast = plan.phases.at(-1)?.id === current;
  return {
    ...plan,
    phases: plan.phases.map((phase) =>
      phase.id === current || isLast ? { ...phase, status: 'completed' as const } : phase,
    ),
    next_phase_id: null,
    updatedAt: at,
  };
}

/**
 * The plan as it stood after the first `count` events, rebuilt from the log for replay:
 * each successful `plan` action's meta is the plan after it, and a delivered result
 * completes the current phase (all remaining ones when it is the last), as the agent does.
 * Null before the first plan.
 */
export function planAfter(
  events: readonly StoredEvent[],
  count: number,
  conversationId: string,
): Plan | null {
  let plan = null as Plan | null;
  for (const event of events.slice(0, count)) {
    if (event.body.type !== 'envelope' || event.body.envelope.status !== 'success') continue;
    const { meta } = event.body.envelope;
    const previous = plan;
    if (meta.tool === 'plan') {
      const fields = planFromMeta(meta);
      if (fields) {
        plan = { conversationId, ...fields, createdAt: previous?.createdAt ?? event.at, updatedAt: event.at };
      }
    } else if (meta.action_type === 'message.result' && previous) {
      plan = completeCurrentPhase(previous, event.at);
    }
  }
  return plan;
}

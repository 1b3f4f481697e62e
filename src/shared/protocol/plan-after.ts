import type { StoredEvent } from './events.ts';
import { completeCurrentPhase, type Plan } from './phase-plan.ts';
import { planFieldsOf } from './tool-meta/plan-meta.ts';

/**
 * The plan as it stood after the first `count` events, rebuilt from the log (for replay, and for a rewind or a fork):
 * each successful action whose role is `plan` carries the plan after it in its meta, and a
 * delivered result (role `result`) completes the current phase (all remaining ones when it
 * is the last), as the agent does. Null before the first plan.
 */
export function planAfter(
  events: readonly StoredEvent[],
  count: number,
  conversationId: string,
): Plan | null {
  let plan = null as Plan | null;
  for (const event of events.slice(0, count)) {
    const { body } = event;
    if (body.type !== 'envelope' || body.envelope.status !== 'success') continue;
    const previous = plan;
    if (body.role === 'plan') {
      const fields = planFieldsOf(body.envelope.meta);
      if (fields) {
        plan = { conversationId, ...fields, createdAt: previous?.createdAt ?? event.at, updatedAt: event.at };
      }
    } else if (body.role === 'result' && previous) {
      plan = completeCurrentPhase(previous, event.at);
    }
  }
  return plan;
}

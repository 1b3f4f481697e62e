import type { Envelope } from '../../shared/protocol/envelope.ts';
import type { EnvelopeEvent, EventBody } from '../../shared/protocol/events.ts';
import { completeCurrentPhase, type Plan } from '../../shared/protocol/phase-plan.ts';
import type { ToolOutcome } from '../toolkit/define-tool.ts';
import { completionEvent, failedCompletion } from './envelopes.ts';
import type { JournalChanges } from './journal.ts';

/** What a finished action writes, and whether the run ends with it. */
export type Settlement = { bodies: EventBody[]; changes: JournalChanges; endsRun: boolean };

/**
 * The completion of a running action from its tool's outcome: the envelope, the
 * conversation status and plan changes to write with it, and whether the run ends. What
 * a success does depends on the call's role, recorded on the running event: an `ask`
 * suspends the run (an `asking` envelope), a `result` ends it and completes the current
 * phase (unless the task was given up); a plan change comes with the outcome. A stop (`cancelled`) ends the run too.
 */
export function settle(
  running: EnvelopeEvent,
  outcome: ToolOutcome,
  plan: Plan | null,
  now: number,
): Settlement {
  if (outcome.status === 'error') {
    const body = failedCompletion(running, outcome.kind, outcome.message, outcome.meta);
    return outcome.kind === 'cancelled'
      ? { bodies: [body, stoppedNotice()], changes: { conversation: { status: 'idle' } }, endsRun: true }
      : { bodies: [body], changes: {}, endsRun: false };
  }
  const isAsk = running.role === 'ask';
  const envelope: Envelope = {
    uuid: running.envelope.uuid,
    status: isAsk ? 'asking' : 'success',
    content: outcome.content,
    meta: { ...outcome.meta, ...running.envelope.meta },
  };
  const completion = completionEvent(running, envelope);
  const bodies: EventBody[] = [
    outcome.images && outcome.images.length > 0 ? { ...completion, images: outcome.images } : completion,
  ];
  if (isAsk) return { bodies, changes: { conversation: { status: 'asking' } }, endsRun: true };
  if (running.role === 'result') {
    // A task given up ends the run too, but its phase is not done.
    const completed = plan && !outcome.isGivenUp ? { plan: completeCurrentPhase(plan, now) } : {};
    return { bodies, changes: { conversation: { status: 'done' }, ...completed }, endsRun: true };
  }
  return { bodies, changes: outcome.plan ? { plan: outcome.plan } : {}, endsRun: false };
}

export function stoppedNotice(): EventBody {
  return { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false };
}

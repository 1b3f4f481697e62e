import type { Envelope } from '../protocol/envelope.ts';
import type { EventBody } from '../protocol/events.ts';
import type { Plan } from '../protocol/plan.ts';
import { failedEnvelope } from './envelopes.ts';
import type { JournalChanges } from './journal.ts';
import type { ToolOutcome } from './tools/define-tool.ts';
import { completeCurrentPhase } from './tools/plan.ts';

/** What a finished action writes, and whether the run ends with it. */
export type Settlement = { bodies: EventBody[]; changes: JournalChanges; endsRun: boolean };

/**
 * The completion of a running action from its tool's outcome: the envelope, the
 * conversation status and plan changes to write with it, and whether the run ends
 * (a question, the result, a stop). The result completes the current phase.
 */
export function settle(
  running: Envelope,
  toolCallId: string,
  outcome: ToolOutcome,
  plan: Plan | null,
  now: number,
): Settlement {
  if (outcome.status === 'error') {
    const body: EventBody = {
      type: 'envelope',
      toolCallId,
      envelope: failedEnvelope(running, outcome.kind, outcome.message, outcome.meta),
    };
    return outcome.kind === 'cancelled'
      ? { bodies: [body, stoppedNotice()], changes: { conversation: { status: 'idle' } }, endsRun: true }
      : { bodies: [body], changes: {}, endsRun: false };
  }
  const envelope: Envelope = {
    uuid: running.uuid,
    status: outcome.status,
    content: outcome.content,
    meta: { ...outcome.meta, ...running.meta },
  };
  const bodies: EventBody[] = [{ type: 'envelope', envelope, toolCallId }];
  if (outcome.status === 'asking')
    return { bodies, changes: { conversation: { status: 'asking' } }, endsRun: true };
  if (outcome.endsRun) {
    const completed = plan ? completeCurrentPhase(plan, now) : undefined;
    return {
      bodies,
      changes: { conversation: { status: 'done' }, ...(completed ? { plan: completed } : {}) },
      endsRun: true,
    };
  }
  return { bodies, changes: outcome.plan ? { plan: outcome.plan } : {}, endsRun: false };
}

export function stoppedNotice(): EventBody {
  return { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false };
}

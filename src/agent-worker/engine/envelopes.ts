import type { Envelope, ErrorKind } from '../../shared/protocol/envelope.ts';
import type { EnvelopeEvent } from '../../shared/protocol/events.ts';
import type { ActionRecord } from '../toolkit/define-tool.ts';

/**
 * The `running` event of an action, written from its one record: the envelope's
 * `meta.{tool, action_type}` (what the model reads) and, beside the envelope, the role, meta
 * kind, label and arguments the runtime and the UI read.
 */
export function runningEvent(
  action: ActionRecord,
  {
    uuid,
    toolCallId,
    phaseId,
    extraMeta = {},
  }: { uuid: string; toolCallId: string | null; phaseId?: number; extraMeta?: Record<string, unknown> },
): EnvelopeEvent {
  const envelope: Envelope = {
    uuid,
    status: 'running',
    content: action.description,
    meta: {
      action_type: action.actionType,
      tool: action.tool,
      ...(phaseId !== undefined ? { phase_id: phaseId } : {}),
      ...extraMeta,
    },
  };
  return {
    type: 'envelope',
    envelope,
    toolCallId,
    ...(action.role ? { role: action.role } : {}),
    ...(action.metaKind ? { metaKind: action.metaKind } : {}),
    ...(action.summary ? { summary: action.summary } : {}),
    ...(action.arguments ? { arguments: action.arguments } : {}),
  };
}
/** The `error` completion of an action: `meta.error` carries the kind and the message. */
export function failedEnvelope(
  running: Envelope,
  kind: ErrorKind,
  message: string,
  extraMeta: Record<string, unknown> = {},
): Envelope {
  return {
    uuid: running.uuid,
    status: 'error',
    content: message,
    meta: { ...extraMeta, ...running.meta, error: { kind, message } },
  };
}

/**
 * The event of a completion of the action `running` began: the same call, role and meta
 * kind beside the new envelope (the running envelope's arguments are not repeated).
 */
export function completionEvent(running: EnvelopeEvent, envelope: Envelope): EnvelopeEvent {
  const { arguments: _arguments, ...action } = running;
  return { ...action, envelope };
}

/** The `error` completion event of the action `running` began (with any meta the failure reports). */
export function failedCompletion(
  running: EnvelopeEvent,
  kind: ErrorKind,
  message: string,
  extraMeta: Record<string, unknown> = {},
): EnvelopeEvent {
  return completionEvent(running, failedEnvelope(running.envelope, kind, message, extraMeta));
}

import type { Envelope } from '../../shared/protocol/envelope.ts';
import type { EnvelopeEvent, EventBody } from '../../shared/protocol/events.ts';
import type { RuntimeAskReason } from '../../shared/protocol/tool-meta/message-meta.ts';
import type { MessageAttachment } from '../../shared/protocol/uploads.ts';
import { CANCEL_REPLY, RETRY_REPLY } from '../../shared/protocol/worker-api.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import { textWithAttachments } from './context/upload-placement.ts';
import { completionEvent, failedCompletion } from './envelopes.ts';
import type { Failure } from './step-policy.ts';

/**
 * Running + asking envelopes for a question the runtime asks on its own, labelled as the
 * profile's ask (role `ask`; no model call to answer, so no `toolCallId`).
 */
export function runtimeAsk(options: {
  uuid: string;
  reason: RuntimeAskReason;
  question: string;
  phaseId: number | undefined;
  profile: Pick<ToolProfile, 'runtimeAsk'>;
  /** More of the runtime's own fields for the meta (a spend cap's scopes); the model never reads them. */
  detail?: Readonly<Record<string, unknown>>;
}): EventBody[] {
  const meta = {
    ...options.detail,
    action_type: options.profile.runtimeAsk.actionType,
    tool: options.profile.runtimeAsk.tool,
    ...(options.phaseId !== undefined ? { phase_id: options.phaseId } : {}),
    attachments: [],
    suggested_action: options.reason === 'failures' ? 'none' : 'confirm',
    runtime_reason: options.reason,
  };
  const running: Envelope = {
    uuid: options.uuid,
    status: 'running',
    content: 'Asking you how to proceed',
    meta,
  };
  const asking: Envelope = { uuid: options.uuid, status: 'asking', content: options.question, meta };
  const { metaKind } = options.profile.runtimeAsk;
  const action = {
    type: 'envelope',
    toolCallId: null,
    role: 'ask',
    ...(metaKind ? { metaKind } : {}),
  } as const;
  return [
    { ...action, envelope: running },
    { ...action, envelope: asking },
  ];
}

/** The question after three failures in a row, summarising each. */
export function failuresQuestion(failures: readonly Failure[]): string {
  const lines = failures.map((failure, index) => {
    const firstLine = failure.message.split('\n')[0] ?? '';
    return `${index + 1}. \`${failure.actionType}\` — ${firstLine}`;
  });
  return `I ran into ${failures.length} problems in a row and need your guidance before trying again:\n\n${lines.join('\n')}\n\nHow would you like me to proceed?`;
}

/** The question when the step budget of a run is spent. */
export function budgetQuestion(stepBudget: number): string {
  return `I have used this run's step budget (${stepBudget} steps) and the task is not finished yet. Shall I continue?`;
}

/** The question when the token budget of a run is spent. */
export function tokenBudgetQuestion(tokenBudget: number, spent: number): string {
  return `This run has used ${spent.toLocaleString('en-US')} tokens, past its budget of ${tokenBudget.toLocaleString('en-US')}, and the task is not finished yet. Shall I continue?`;
}

/** What the log says when the person declines to go on after each runtime question that offers it. */
const STOPPED_TEXT = {
  step_budget: 'Stopped at the step budget.',
  token_budget: 'Stopped at the token budget.',
  time_limit: 'Stopped at the time limit.',
  spend_cap: 'Stopped at the spend cap.',
  interrupted: 'Stopped.',
  provider_unavailable: 'Stopped: the model server was not answering.',
  repetition: 'Stopped: the agent was repeating itself.',
} as const satisfies Partial<Record<RuntimeAskReason, string>>;

/** The stop notice a runtime question that offers Stop leads to (null: it offers none). */
function stoppedTextOf(question: EnvelopeEvent): string | null {
  const reason = question.envelope.meta.runtime_reason;
  return typeof reason === 'string' && Object.hasOwn(STOPPED_TEXT, reason)
    ? STOPPED_TEXT[reason as keyof typeof STOPPED_TEXT]
    : null;
}

/**
 * What stopping at an open question writes (the composer's Stop, or the Stop a runtime
 * question offers): the question cancelled, saying the person stopped (no reply is made up
 * for them), and the stop notice. A runtime question keeps its text in the completion, so
 * the model reads what was asked and that the person stopped there.
 */
export function stopBodies(question: EnvelopeEvent): EventBody[] {
  const stoppedText = stoppedTextOf(question);
  const message =
    stoppedText === null ? 'The user stopped the task instead of answering.' : 'The user stopped the task.';
  const asked = question.toolCallId === null ? { question: question.envelope.content } : {};
  return [
    failedCompletion(question, 'cancelled', message, asked),
    { type: 'notice', kind: 'stopped', text: stoppedText ?? 'Stopped.', forModel: false },
  ];
}

/**
 * What answering an open question writes: the reply, the question's completion (its
 * `content` is the reply), and when the person declines to go past a budget, a stop.
 * `isStopped` then says the run must not resume. Files sent with the reply are listed
 * in the completion (which is how the model reads a reply); the reply event keeps the
 * text as typed and lists them for the thread. **Retry** at a pause for a model server that
 * kept failing is not the person speaking: no reply event is written, so the run's budgets,
 * caps and counts go on from where they were (the completion alone resumes the step).
 */
export function answerBodies(
  question: EnvelopeEvent,
  typed: string,
  attachments: readonly MessageAttachment[] = [],
): { bodies: EventBody[]; isStopped: boolean } {
  const reply = textWithAttachments(typed, attachments);
  const answered: Envelope = {
    uuid: question.envelope.uuid,
    status: 'success',
    content: reply,
    meta: { ...question.envelope.meta, question: question.envelope.content, reply },
  };
  const reason = question.envelope.meta.runtime_reason;
  const stoppedText = stoppedTextOf(question);
  const isStopped = stoppedText !== null && reply.trim() === CANCEL_REPLY;
  const isRetryOnly = reason === 'provider_unavailable' && reply === RETRY_REPLY;
  const bodies: EventBody[] = [
    ...(isRetryOnly
      ? []
      : [
          {
            type: 'user_reply' as const,
            askUuid: question.envelope.uuid,
            text: typed,
            ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
          },
        ]),
    completionEvent(question, answered),
  ];
  if (isStopped && stoppedText !== null) {
    bodies.push({
      type: 'notice',
      kind: 'stopped',
      text: stoppedText,
      forModel: false,
    });
  }
  return { bodies, isStopped };
}

import type { Envelope, ErrorKind } from '../../shared/protocol/envelope.ts';
import {
  addTokenUsage,
  type EnvelopeEvent,
  type EventBody,
  type StoredEvent,
  type TokenUsage,
  type ToolCall,
} from '../../shared/protocol/events.ts';
import type { OpeningStep } from '../toolkit/profile.ts';
import { stableStringify } from './context/stable-json.ts';
import { failedCompletion } from './envelopes.ts';

/** A failed step, for the summary the runtime shows the person after three in a row. */
export type Failure = { actionType: string; message: string };

/** The index just after the last event of one of `types` (0 when there is none). */
export function indexAfterLast(events: readonly StoredEvent[], types: readonly string[]): number {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    if (types.includes(events[index]!.body.type)) return index + 1;
  }
  return 0;
}

function completions(events: readonly StoredEvent[]): Envelope[] {
  return events.flatMap(({ body }) =>
    body.type === 'envelope' && body.envelope.status !== 'running' ? [body.envelope] : [],
  );
}

/**
 * The opening step to force now: after a new user message, each of the profile's opening
 * steps in order (Manus: `message` type `info`, then `plan` action `update`; seed 003 §1),
 * forced until a call of its action has succeeded. Null once all are done.
 */
export function forcedStep(
  events: readonly StoredEvent[],
  openingSteps: readonly OpeningStep[],
): OpeningStep | null {
  if (!events.some(({ body }) => body.type === 'user_message')) return null;
  const sinceTask = events.slice(indexAfterLast(events, ['user_message']));
  const done = completions(sinceTask).filter((envelope) => envelope.status === 'success');
  return (
    openingSteps.find((step) => !done.some((envelope) => envelope.meta.action_type === step.actionType)) ??
    null
  );
}

/** Model responses since the person last spoke (a new message or a reply). */
export function stepsSinceUserInput(events: readonly StoredEvent[]): number {
  return events
    .slice(indexAfterLast(events, ['user_message', 'user_reply']))
    .filter(({ body }) => body.type === 'assistant_turn').length;
}

/** Tokens spent since the person last spoke (a message or a reply): model turns and tools' own requests. */
export function usageSinceUserInput(events: readonly StoredEvent[]): TokenUsage {
  let usage: TokenUsage = { prompt: 0, completion: 0, cached: 0 };
  for (const { body } of events.slice(indexAfterLast(events, ['user_message', 'user_reply']))) {
    // A tool's own model requests (a structured completion, a page's extraction) count too.
    if ((body.type === 'assistant_turn' || body.type === 'envelope') && body.usage)
      usage = addTokenUsage(usage, body.usage);
  }
  return usage;
}

/** Tokens (prompt + completion, as the API reported them) spent since the person last spoke. */
export function tokensSinceUserInput(events: readonly StoredEvent[]): number {
  const usage = usageSinceUserInput(events);
  return usage.prompt + usage.completion;
}

/** Error kinds that record a stop (by the person, or by a page that died), not a failure. */
const STOP_KINDS: readonly ErrorKind[] = ['cancelled', 'interrupted'];

/** True when an error of this kind was a stop rather than a failure of the call. */
export function isStopKind(kind: ErrorKind | undefined): boolean {
  return kind !== undefined && STOP_KINDS.includes(kind);
}

/**
 * The failures at the end of the log since the person last spoke, oldest first; any
 * success breaks the run. A stop (`cancelled`, `interrupted`) is not a failure.
 */
export function trailingFailures(events: readonly StoredEvent[]): Failure[] {
  const failures: Failure[] = [];
  const recent = events.slice(indexAfterLast(events, ['user_message', 'user_reply']));
  for (const { body } of recent) {
    if (body.type === 'notice' && body.kind === 'no_tool_call') {
      failures.push({ actionType: 'no tool call', message: body.text });
    } else if (body.type === 'envelope' && body.envelope.status !== 'running') {
      const error = body.envelope.meta.error;
      if (body.envelope.status === 'error' && error && !isStopKind(error.kind)) {
        failures.push({ actionType: body.envelope.meta.action_type, message: error.message });
      } else {
        failures.length = 0;
      }
    }
  }
  return failures;
}

/** The call of the last model response if that call failed, for refusing an identical retry. */
export function lastFailedCall(events: readonly StoredEvent[]): ToolCall | null {
  let call: ToolCall | null = null;
  let failed = false;
  for (const { body } of events) {
    if (body.type === 'assistant_turn') {
      call = body.toolCalls[0] ?? null;
      failed = false;
    } else if (body.type === 'envelope' && body.toolCallId !== null && body.toolCallId === call?.id) {
      failed = body.envelope.status === 'error' && !isStopKind(body.envelope.meta.error?.kind);
    } else if (body.type === 'user_message' || body.type === 'user_reply') {
      call = null;
    }
  }
  return failed ? call : null;
}

/** True when two calls name the same tool with the same arguments (key order and spacing aside). */
export function isSameCall(first: ToolCall, second: ToolCall): boolean {
  return (
    first.name === second.name && canonicalArguments(first.arguments) === canonicalArguments(second.arguments)
  );
}

function canonicalArguments(raw: string): string {
  try {
    return stableStringify(JSON.parse(raw));
  } catch {
    return raw.trim();
  }
}

/** The question still waiting for an answer: the last `asking` envelope's event without a completion. */
export function openQuestion(events: readonly StoredEvent[]): EnvelopeEvent | null {
  const open = new Map<string, EnvelopeEvent>();
  for (const { body } of events) {
    if (body.type !== 'envelope') continue;
    if (body.envelope.status === 'asking') open.set(body.envelope.uuid, body);
    else if (body.envelope.status !== 'running') open.delete(body.envelope.uuid);
  }
  return [...open.values()].pop() ?? null;
}

/** Actions with a `running` envelope and no completion (left behind by a closed tab). */
export function danglingActions(events: readonly StoredEvent[]): EnvelopeEvent[] {
  const running = new Map<string, EnvelopeEvent>();
  for (const { body } of events) {
    if (body.type !== 'envelope') continue;
    if (body.envelope.status === 'running') running.set(body.envelope.uuid, body);
    else running.delete(body.envelope.uuid);
  }
  return [...running.values()];
}

/**
 * Error completions for every dangling action (kind `interrupted` unless told otherwise),
 * so that each model tool call is answered before anything else is appended (the API
 * refuses a tool call without its result, and the log only grows).
 */
export function closeDanglingActions(
  events: readonly StoredEvent[],
  message: string,
  kind: ErrorKind = 'interrupted',
): EventBody[] {
  return danglingActions(events).map((running) => failedCompletion(running, kind, message));
}

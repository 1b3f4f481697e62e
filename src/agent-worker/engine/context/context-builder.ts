import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { AssistantTurnEvent, EventBody, StoredEvent, ToolCall } from '@/shared/protocol/events.ts';
import {
  imageDataUrl,
  imageTokens,
  MODEL_IMAGE_MAX_SIDE,
  type ObservationImage,
} from '@/shared/protocol/model-image-limits.ts';
import { RETRY_REPLY } from '@/shared/protocol/worker-api.ts';
import type { ChatMessage } from '../../llm/chat-messages.ts';
import { CHARS_PER_TOKEN } from '../../llm/token-estimate.ts';
import type { RestorableArgument } from '../../toolkit/profile.ts';
import { digestArguments } from './argument-digest.ts';
import {
  compactedArguments,
  extraCallObservation,
  keptCallArguments,
  observationFor,
} from './observation.ts';
import { textWithAttachments } from './upload-placement.ts';

/** Prefix of runtime-authored lines the model reads as user-role messages. */
export const RUNTIME_PREFIX = '[runtime]';

/** What the profile says about the context (constant for a conversation, like the prefix). */
export type ContextTexts = {
  systemPrompt: string;
  /** What the model is told when a compaction shortens older observations (how to read one back). */
  compactionNote: string;
  /** Call arguments shown as a digest once the call succeeded (none: every call is shown whole). */
  restorableArguments?: readonly RestorableArgument[];
};

/** How the run call of an assistant turn ended: its action and final status. */
export type CallOutcome = { actionType: string; status: Envelope['status'] };

/**
 * Rebuilds the model's context from the event log. A pure function of the log, so a
 * request always extends the previous one: same system prompt, earlier messages
 * byte-identical, new messages only appended — except right after a compaction, which
 * shortens bulky observations it covers (those it covered before keep their bytes).
 * A turn whose call wrote a declared argument to a file shows its digest as soon as the
 * call's completion is in the log, which is before any request carries the turn.
 */
export function buildMessages(texts: ContextTexts, events: readonly StoredEvent[]): ChatMessage[] {
  return ContextMessages.fromLog(texts, events).messages;
}

/**
 * Characters a message adds to a request (its JSON, as the provider sends it), an image
 * counted as the characters of the tokens it costs rather than its base64 text.
 */
export function messageChars(message: ChatMessage): number {
  if (message.role !== 'user' || typeof message.content === 'string') return JSON.stringify(message).length;
  let chars = 0;
  const text = JSON.stringify(
    message.content.map((part) => {
      if (part.type !== 'image_url') return part;
      chars += (IMAGE_PART_TOKENS.get(part) ?? imageTokens(LARGEST_IMAGE)) * CHARS_PER_TOKEN;
      return { type: part.type };
    }),
  );
  return text.length + JSON.stringify({ role: message.role, content: null }).length + chars;
}

/** What an image part costs, in tokens, for the parts this module made (others count as the largest image). */
const IMAGE_PART_TOKENS = new WeakMap<object, number>();
const LARGEST_IMAGE = { width: MODEL_IMAGE_MAX_SIDE, height: MODEL_IMAGE_MAX_SIDE };

/**
 * The context's messages, built event by event (`buildMessages` and the loop's
 * incremental context share this, so both render a log alike). An assistant turn is
 * rendered when it is appended, and once more when its call's completion arrives if that
 * turns a declared argument into its digest; no request is built in between.
 */
export class ContextMessages {
  readonly messages: ChatMessage[];
  private totalChars: number;
  /** Turns whose run call has no completion yet, by call id: where their message is. */
  private readonly awaiting = new Map<
    string,
    { index: number; turn: AssistantTurnEvent; isCompacted: boolean }
  >();

  constructor(
    private readonly texts: ContextTexts,
    /** The last seq the log's compactions cover (-1: none). */
    private readonly compactedThrough: number,
  ) {
    this.messages = [{ role: 'system', content: texts.systemPrompt }];
    this.totalChars = messageChars(this.messages[0]!);
  }

  /** Characters of all the messages. */
  get chars(): number {
    return this.totalChars;
  }

  /** The messages of a whole log. */
  static fromLog(texts: ContextTexts, events: readonly StoredEvent[]): ContextMessages {
    const context = new ContextMessages(texts, compactedThroughSeq(events));
    for (const event of events) context.append(event);
    return context;
  }

  /** Adds the messages of the next event of the log (and digests the turn its completion ends). */
  append(event: StoredEvent): void {
    const { body } = event;
    const isCompacted = event.seq <= this.compactedThrough;
    const completed = completedTurn(this.awaiting, body);
    if (completed && hasDigest(this.texts.restorableArguments ?? [], completed.outcome)) {
      const { index, turn, isCompacted: isTurnCompacted } = completed.waiting;
      const message = assistantMessage(turn, this.texts, isTurnCompacted, completed.outcome);
      this.totalChars += messageChars(message) - messageChars(this.messages[index]!);
      this.messages[index] = message;
    }
    if (body.type === 'assistant_turn' && body.toolCalls[0]) {
      this.awaiting.set(body.toolCalls[0].id, { index: this.messages.length, turn: body, isCompacted });
    }
    for (const message of messagesForEvent(body, this.texts, isCompacted)) {
      this.messages.push(message);
      this.totalChars += messageChars(message);
    }
  }
}

/**
 * How the run call of each assistant turn in `events` ended, for the turns whose call has
 * a completion (matched as `ContextMessages` matches them: the latest turn with that call id).
 */
export function callOutcomes(events: readonly StoredEvent[]): Map<StoredEvent, CallOutcome> {
  const awaiting = new Map<string, StoredEvent>();
  const outcomes = new Map<StoredEvent, CallOutcome>();
  for (const event of events) {
    const completed = completedTurn(awaiting, event.body);
    if (completed) outcomes.set(completed.waiting, completed.outcome);
    const first = event.body.type === 'assistant_turn' ? event.body.toolCalls[0] : undefined;
    if (first) awaiting.set(first.id, event);
  }
  return outcomes;
}

/**
 * When `body` is the completion of an awaited turn's run call (a final status, not
 * `running` or `asking`): that turn, taken out of `awaiting`, and how its call ended.
 */
function completedTurn<T>(
  awaiting: Map<string, T>,
  body: EventBody,
): { waiting: T; outcome: CallOutcome } | null {
  if (body.type !== 'envelope' || body.toolCallId === null) return null;
  const { status, meta } = body.envelope;
  const waiting = awaiting.get(body.toolCallId);
  if (waiting === undefined || (status !== 'success' && status !== 'error')) return null;
  awaiting.delete(body.toolCallId);
  return { waiting, outcome: { actionType: meta.action_type, status } };
}

/**
 * The arguments of a turn's run call as the model reads them: a declared argument as
 * its digest once the call succeeded, long text cut to its ends in arguments too long to
 * keep whole, and once a compaction covers the turn.
 */
export function renderedArguments(
  call: ToolCall,
  restorableArguments: readonly RestorableArgument[],
  outcome: CallOutcome | null,
  isCompacted: boolean,
): string {
  const digested =
    outcome && hasDigest(restorableArguments, outcome)
      ? digestArguments(call.arguments, rulesFor(restorableArguments, outcome.actionType))
      : call.arguments;
  // Compacted first, so a cut says how much of the call itself it left out.
  return keptCallArguments(isCompacted ? compactedArguments(digested) : digested);
}

/** True when a call that ended so may have an argument shown as a digest. */
function hasDigest(restorableArguments: readonly RestorableArgument[], outcome: CallOutcome): boolean {
  return outcome.status === 'success' && rulesFor(restorableArguments, outcome.actionType).length > 0;
}

function rulesFor(
  restorableArguments: readonly RestorableArgument[],
  actionType: string,
): readonly RestorableArgument[] {
  return restorableArguments.filter((rule) => rule.actionType === actionType);
}

function assistantMessage(
  body: AssistantTurnEvent,
  texts: ContextTexts,
  isCompacted: boolean,
  outcome: CallOutcome | null,
): ChatMessage {
  return {
    role: 'assistant',
    content: body.text === '' ? null : body.text,
    // Only the first call runs: the others are never digested (nothing wrote them anywhere).
    tool_calls: body.toolCalls.map((call, index) => ({
      id: call.id,
      type: 'function',
      function: {
        name: call.name,
        arguments: renderedArguments(
          call,
          texts.restorableArguments ?? [],
          index === 0 ? outcome : null,
          isCompacted,
        ),
      },
    })),
  };
}

/**
 * The images an action showed, as the user message that follows its observation (tool
 * messages cannot carry images in OpenAI's API). Rendered from the log's bytes, and kept
 * through compactions, so it never changes once sent.
 */
function imagesMessage(images: readonly ObservationImage[]): ChatMessage {
  const listed = images.map((image) => `${image.label} (${image.width}×${image.height} px)`).join('; ');
  return {
    role: 'user',
    content: [
      {
        type: 'text',
        text: `${RUNTIME_PREFIX} The image${images.length === 1 ? '' : 's'} the last action showed: ${listed}.`,
      },
      ...images.map((image) => {
        const part = { type: 'image_url' as const, image_url: { url: imageDataUrl(image) } };
        IMAGE_PART_TOKENS.set(part, imageTokens(image));
        return part;
      }),
    ],
  };
}

/** The last seq the log's compactions cover (-1 when there was none). */
export function compactedThroughSeq(events: readonly StoredEvent[]): number {
  let through = -1;
  for (const event of events) {
    if (event.body.type === 'compaction') through = Math.max(through, event.body.throughSeq);
  }
  return through;
}

/**
 * The messages one event contributes to the context. Each event maps on its own, which
 * is what makes the context append-only (and lets the loop extend it incrementally); an
 * assistant turn's call arguments are shown whole here (`ContextMessages` digests them
 * when the call's completion arrives). `isCompacted`: a compaction covers the event, so a
 * bulky observation shows as an excerpt.
 */
export function messagesForEvent(body: EventBody, texts: ContextTexts, isCompacted = false): ChatMessage[] {
  switch (body.type) {
    case 'user_message':
      // The files' listing is rendered from the event, never stored in its text: the same bytes every time.
      return [{ role: 'user', content: textWithAttachments(body.text, body.attachments) }];
    case 'assistant_turn': {
      const [first, ...extras] = body.toolCalls;
      if (!first) return [{ role: 'assistant', content: body.text }];
      return [
        assistantMessage(body, texts, isCompacted, null),
        ...extras.map(
          (extra): ChatMessage => ({
            role: 'tool',
            tool_call_id: extra.id,
            content: extraCallObservation(extra.name),
          }),
        ),
      ];
    }
    case 'envelope': {
      const { envelope, toolCallId } = body;
      if (envelope.status === 'running' || envelope.status === 'asking') return [];
      if (toolCallId !== null) {
        const observation: ChatMessage = {
          role: 'tool',
          tool_call_id: toolCallId,
          content: observationFor(envelope, body.role ?? null, isCompacted),
        };
        return body.images && body.images.length > 0
          ? [observation, imagesMessage(body.images)]
          : [observation];
      }
      // "Retry" to a server that kept failing: the same step again, as if nothing had happened.
      if (envelope.meta.runtime_reason === 'provider_unavailable' && envelope.content === RETRY_REPLY)
        return [];
      if (body.role === 'ask' && envelope.status === 'success') {
        const question = String(envelope.meta.question ?? '');
        return [
          {
            role: 'user',
            content: `${RUNTIME_PREFIX} The runtime paused the task and asked the user: ${JSON.stringify(question)}. The user replied: ${JSON.stringify(envelope.content)}`,
          },
        ];
      }
      // Stopped at the question (logs from before the question was kept here say nothing, as they did).
      const { question, error } = envelope.meta;
      if (body.role === 'ask' && error?.kind === 'cancelled' && typeof question === 'string') {
        return [
          {
            role: 'user',
            content: `${RUNTIME_PREFIX} The runtime paused the task and asked the user: ${JSON.stringify(question)}. ${error.message}`,
          },
        ];
      }
      return [];
    }
    case 'notice':
      return body.forModel ? [{ role: 'user', content: `${RUNTIME_PREFIX} ${body.text}` }] : [];
    case 'user_reply':
      // The reply reaches the model through the completion envelope of the question it answers.
      return [];
    case 'compaction':
      return [
        {
          role: 'user',
          content: `${RUNTIME_PREFIX} ${texts.compactionNote}`,
        },
      ];
  }
}

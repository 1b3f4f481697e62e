import type { EventBody, StoredEvent } from '../../protocol/events.ts';
import type { ChatMessage } from '../providers/chat-messages.ts';
import { compactedArguments, extraCallObservation, observationFor } from './observation.ts';

/** Prefix of runtime-authored lines the model reads as user-role messages. */
export const RUNTIME_PREFIX = '[runtime]';

/** The profile's texts the context is built with (constant for a conversation, like the prefix). */
export type ContextTexts = {
  systemPrompt: string;
  /** What the model is told when a compaction shortens older observations (how to read one back). */
  compactionNote: string;
};

/**
 * Rebuilds the model's context from the event log. A pure function of the log, so a
 * request always extends the previous one: same system prompt, earlier messages
 * byte-identical, new messages only appended — except right after a compaction, which
 * shortens bulky observations it covers (those it covered before keep their bytes).
 */
export function buildMessages(texts: ContextTexts, events: readonly StoredEvent[]): ChatMessage[] {
  const compactedThrough = compactedThroughSeq(events);
  const messages: ChatMessage[] = [{ role: 'system', content: texts.systemPrompt }];
  for (const event of events) {
    messages.push(...messagesForEvent(event.body, texts, event.seq <= compactedThrough));
  }
  return messages;
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
 * is what makes the context append-only (and lets the loop extend it incrementally).
 * `isCompacted`: a compaction covers the event, so a bulky observation shows as an excerpt.
 */
export function messagesForEvent(body: EventBody, texts: ContextTexts, isCompacted = false): ChatMessage[] {
  switch (body.type) {
    case 'user_message':
      return [{ role: 'user', content: body.text }];
    case 'assistant_turn': {
      const [first, ...extras] = body.toolCalls;
      if (!first) return [{ role: 'assistant', content: body.text }];
      return [
        {
          role: 'assistant',
          content: body.text === '' ? null : body.text,
          tool_calls: body.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: {
              name: call.name,
              arguments: isCompacted ? compactedArguments(call.arguments) : call.arguments,
            },
          })),
        },
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
      if (toolCallId !== null)
        return [
          {
            role: 'tool',
            tool_call_id: toolCallId,
            content: observationFor(envelope, body.role ?? null, isCompacted),
          },
        ];
      if (body.role === 'ask' && envelope.status === 'success') {
        const question = String(envelope.meta.question ?? '');
        return [
          {
            role: 'user',
            content: `${RUNTIME_PREFIX} The runtime paused the task and asked the user: ${JSON.stringify(question)}. The user replied: ${JSON.stringify(envelope.content)}`,
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

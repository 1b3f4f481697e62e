import type { EventBody, StoredEvent } from '../protocol/events.ts';
import { extraCallObservation, observationFor } from './observation.ts';
import type { ChatMessage } from './providers/chat-messages.ts';

/** Prefix of runtime-authored lines the model reads as user-role messages. */
export const RUNTIME_PREFIX = '[runtime]';

/**
 * Rebuilds the model's context from the event log. A pure function of the log, so a
 * request always extends the previous one: same system prompt, earlier messages
 * byte-identical, new messages only appended.
 */
export function buildMessages(systemPrompt: string, events: readonly StoredEvent[]): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt }];
  for (const event of events) messages.push(...messagesForEvent(event.body));
  return messages;
}

/**
 * The messages one event contributes to the context. Each event maps on its own, which
 * is what makes the context append-only (and lets the loop extend it incrementally).
 */
export function messagesForEvent(body: EventBody): ChatMessage[] {
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
            function: { name: call.name, arguments: call.arguments },
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
        return [{ role: 'tool', tool_call_id: toolCallId, content: observationFor(envelope) }];
      if (envelope.meta.action_type === 'message.ask' && envelope.status === 'success') {
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
  }
}

import type { StoredEvent } from '../protocol/events.ts';
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
  for (const { body } of events) {
    switch (body.type) {
      case 'user_message':
        messages.push({ role: 'user', content: body.text });
        break;
      case 'assistant_turn': {
        const [first, ...extras] = body.toolCalls;
        if (!first) {
          messages.push({ role: 'assistant', content: body.text });
          break;
        }
        messages.push({
          role: 'assistant',
          content: body.text === '' ? null : body.text,
          tool_calls: body.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        });
        for (const extra of extras) {
          messages.push({ role: 'tool', tool_call_id: extra.id, content: extraCallObservation(extra.name) });
        }
        break;
      }
      case 'envelope': {
        const { envelope, toolCallId } = body;
        if (envelope.status === 'running' || envelope.status === 'asking') break;
        if (toolCallId !== null) {
          messages.push({ role: 'tool', tool_call_id: toolCallId, content: observationFor(envelope) });
        } else if (envelope.meta.action_type === 'message.ask' && envelope.status === 'success') {
          const question = String(envelope.meta.question ?? '');
          messages.push({
            role: 'user',
            content: `${RUNTIME_PREFIX} The runtime paused the task and asked the user: ${JSON.stringify(question)}. The user replied: ${JSON.stringify(envelope.content)}`,
          });
        }
        break;
      }
      case 'notice':
        if (body.forModel) messages.push({ role: 'user', content: `${RUNTIME_PREFIX} ${body.text}` });
        break;
      case 'user_reply':
        // The reply reaches the model through the completion envelope of the question it answers.
        break;
    }
  }
  return messages;
}

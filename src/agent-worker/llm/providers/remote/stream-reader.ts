import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { TokenUsage } from '@/shared/protocol/events.ts';
import type { ModelProgress } from '../../chat-messages.ts';
import { leadingCallName } from '../constrained/call-format.ts';

/** A native call as it streamed in (fragments joined). */
export type StreamedCall = { id: string; name: string; arguments: string };

/**
 * Everything one streamed reply held; `isFinished` once a choice said why it ended
 * (`finish_reason`): a stream that stops without it was cut, not finished.
 */
export type StreamedReply = {
  text: string;
  calls: StreamedCall[];
  usage: TokenUsage | null;
  model: string;
  isFinished: boolean;
};

/**
 * Reads an OpenAI-shaped stream to its end. Native mode reports text deltas and each
 * call's name as it arrives; constrained mode's text is the call itself (JSON), so it
 * reports only the tool's name, once its first key has streamed (a server that makes a
 * native call anyway has it read as one, in either mode). `onChunk` hears of each
 * chunk with content (a guard against replies that stall or never end). When `signal` is
 * aborted while a chunk is handled (the guard trips inside `onChunk`), reading ends there:
 * the SDK's stream over Node's fetch, aborted between two reads while the rest of a long
 * reply sits buffered, never yields again nor throws (found by the runtime fuzz: a 2 MB
 * call hung its run, and its Stop). An abort while a read waits ends it through the SDK.
 */
export async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  requestedModel: string,
  mode: 'native' | 'constrained',
  onProgress?: (progress: ModelProgress) => void,
  /** Told of each chunk that carried something: how many characters of text or arguments. */
  onChunk?: (chars: number) => void,
  signal?: AbortSignal,
): Promise<StreamedReply> {
  let text = '';
  let model = requestedModel;
  let usage: TokenUsage | null = null;
  let hasNamedConstrainedCall = false;
  let isFinished = false;
  const calls: StreamedCall[] = [];
  for await (const chunk of stream) {
    if (chunk.model) model = chunk.model;
    if (chunk.choices?.[0]?.finish_reason) isFinished = true;
    if (chunk.usage) {
      usage = {
        prompt: chunk.usage.prompt_tokens ?? 0,
        completion: chunk.usage.completion_tokens ?? 0,
        cached: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
      };
    }
    const delta = chunk.choices?.[0]?.delta;
    const chars =
      (delta?.content?.length ?? 0) +
      (delta?.tool_calls ?? []).reduce(
        (sum, fragment) =>
          sum + (fragment.function?.arguments?.length ?? 0) + (fragment.function?.name?.length ?? 0),
        0,
      );
    if (chars > 0 || chunk.usage) onChunk?.(chars);
    // Leaving the loop ends the SDK's stream (it aborts its request); the caller reads why.
    if (signal?.aborted) break;
    if (!delta) continue;
    if (delta.content) {
      text += delta.content;
      if (mode === 'native') onProgress?.({ type: 'text_delta', delta: delta.content });
      else if (!hasNamedConstrainedCall) {
        const name = leadingCallName(text);
        if (name !== null) {
          hasNamedConstrainedCall = true;
          onProgress?.({ type: 'tool_call_started', index: 0, name });
        }
      }
    }
    for (const fragment of delta.tool_calls ?? []) {
      // Some local servers omit `index` when there is a single call.
      const index = fragment.index ?? 0;
      let call = calls[index];
      if (!call) {
        call = { id: '', name: '', arguments: '' };
        calls[index] = call;
      }
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) {
        const isFirstName = call.name === '';
        call.name += fragment.function.name;
        if (isFirstName) onProgress?.({ type: 'tool_call_started', index, name: call.name });
      }
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
    }
  }
  return { text, calls: calls.filter((call) => call !== undefined), usage, model, isFinished };
}

import type { ChatCompletionChunk, ChatCompletionFinishReason, CompletionUsage } from '@mlc-ai/web-llm';

/** A tool call as web-llm's native tool calling reports it in the final chunk. */
export type NativeCall = { name: string; arguments: string };

/** Everything one streamed completion produced, or the error that ended it. */
export type StreamOutcome = {
  /** The generated text, as streamed. */
  text: string;
  finishReason: ChatCompletionFinishReason | null;
  /** web-llm's parsed calls (native tool calling only), or null. */
  nativeCalls: NativeCall[] | null;
  usage: CompletionUsage | null;
  model: string | null;
  /** What the stream threw, if it did (the text so far is kept). */
  error: unknown;
};

/**
 * Reads a web-llm chunk stream to its end, reporting each text delta. Never throws.
 * While `signal` is aborted it asks the engine to stop on every chunk: web-llm clears
 * its interrupt flag when a generation starts, so an interrupt sent before the first
 * chunk would otherwise be lost. Reading to the end matters even after a stop: the
 * generator releases the engine's lock only when it finishes.
 */
export async function readCompletionStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  signal: AbortSignal,
  interrupt: () => void,
  onDelta: (delta: string, textSoFar: string) => void,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = {
    text: '',
    finishReason: null,
    nativeCalls: null,
    usage: null,
    model: null,
    error: undefined,
  };
  try {
    for await (const chunk of stream) {
      if (signal.aborted) interrupt();
      if (chunk.model) outcome.model = chunk.model;
      if (chunk.usage) outcome.usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.finish_reason) outcome.finishReason = choice.finish_reason;
      const delta = choice.delta.content;
      if (delta) {
        outcome.text += delta;
        if (!signal.aborted) onDelta(delta, outcome.text);
      }
      const calls = choice.delta.tool_calls;
      if (calls) {
        outcome.nativeCalls = calls.map((call) => ({
          name: call.function?.name ?? '',
          arguments: call.function?.arguments ?? '',
        }));
      }
    }
  } catch (error) {
    outcome.error = error;
  }
  return outcome;
}

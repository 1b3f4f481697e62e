import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { TokenUsage, ToolCall } from '../../protocol/events.ts';
import type { ProviderProfile } from '../../protocol/providers.ts';
import type { AgentSettings } from '../../protocol/settings.ts';
import type { ModelProgress, ModelProvider, ModelResult } from './chat-messages.ts';

type ProviderOptions = Pick<ProviderProfile, 'baseUrl' | 'apiKey' | 'model'> &
  Pick<AgentSettings, 'maxRetries' | 'requestTimeoutMs'> & {
    /** Injected for tests; defaults to the global fetch. */
    fetch?: typeof fetch;
  };

/**
 * A provider for any OpenAI-compatible chat completions API, through the `openai`
 * SDK: streaming, `parallel_tool_calls: false`, the SDK's retries with backoff for
 * network errors, 408/409/429 and 5xx.
 */
export function createOpenAiCompatibleProvider(options: ProviderOptions): ModelProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: options.apiKey || 'no-key',
    dangerouslyAllowBrowser: true,
    maxRetries: options.maxRetries,
    timeout: options.requestTimeoutMs,
    // Wrapped to tell the loop the moment a request leaves (its step-overhead measure).
    fetch: (url, init) => {
      notifyRequestSent?.();
      return (options.fetch ?? globalThis.fetch)(url, init);
    },
  });
  let notifyRequestSent: (() => void) | undefined;

  return {
    async respond(request, onProgress) {
      const body: ChatCompletionCreateParamsStreaming = {
        model: options.model,
        // Our message shapes are OpenAI's; the SDK's unions are wider than we need.
        messages: request.messages as ChatCompletionCreateParamsStreaming['messages'],
        tools: request.tools,
        tool_choice: request.forced ? { type: 'function', function: { name: request.forced.tool } } : 'auto',
        parallel_tool_calls: false,
        stream: true,
        stream_options: { include_usage: true },
      };
      notifyRequestSent = () => onProgress?.({ type: 'request_sent' });
      try {
        const stream = await client.chat.completions.create(body, { signal: request.signal });
        const result = await collect(stream, options.model, onProgress);
        // An abort can end the stream quietly, leaving a partial tool call behind.
        if (request.signal.aborted)
          return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
        return result;
      } catch (error) {
        return describeFailure(error, request.signal, options.baseUrl);
      }
    },
  };
}

type PartialCall = { id: string; name: string; arguments: string };

async function collect(
  stream: AsyncIterable<ChatCompletionChunk>,
  requestedModel: string,
  onProgress?: (progress: ModelProgress) => void,
): Promise<ModelResult> {
  let text = '';
  let model = requestedModel;
  let usage: TokenUsage | null = null;
  const calls: PartialCall[] = [];
  for await (const chunk of stream) {
    if (chunk.model) model = chunk.model;
    if (chunk.usage) {
      usage = {
        prompt: chunk.usage.prompt_tokens ?? 0,
        completion: chunk.usage.completion_tokens ?? 0,
        cached: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
      };
    }
    const delta = chunk.choices?.[0]?.delta;
    if (!delta) continue;
    if (delta.content) {
      text += delta.content;
      onProgress?.({ type: 'text_delta', delta: delta.content });
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
  const toolCalls: ToolCall[] = calls
    .filter((call): call is PartialCall => call !== undefined)
    // Servers that omit ids get unique ones: ids must not repeat across the conversation.
    .map((call) => ({
      id: call.id || `call_${crypto.randomUUID()}`,
      name: call.name,
      arguments: call.arguments,
    }));
  return { type: 'response', text, toolCalls, usage, model };
}

/** Turns anything the SDK throws into a failure with a message a person can act on. */
function describeFailure(error: unknown, signal: AbortSignal, baseUrl: string): ModelResult {
  if (signal.aborted || error instanceof OpenAI.APIUserAbortError) {
    return { type: 'failure', kind: 'cancelled', message: 'Stopped by the user.' };
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return { type: 'failure', kind: 'network', message: `The model at ${baseUrl} did not answer in time.` };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return {
      type: 'failure',
      kind: 'network',
      message: `Could not reach ${baseUrl}. Check the address and your connection; a server that does not allow this site (CORS) is refused by the browser the same way.`,
    };
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const detail = error.message.replace(/^\d{3}\s*/, '');
    const hint =
      error.status === 401 || error.status === 403
        ? ' Check the API key in Settings.'
        : error.status === 404
          ? ' Check the base URL and the model name in Settings.'
          : error.status === 429
            ? ' The provider is rate-limiting requests; wait a moment and send again.'
            : error.status >= 500
              ? ' The provider had a server error; try again later.'
              : '';
    return {
      type: 'failure',
      kind: 'http',
      status: error.status,
      message: `The model provider answered ${error.status}: ${detail}.${hint}`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    type: 'failure',
    kind: 'invalid_response',
    message: `The model's response could not be read: ${message}`,
  };
}

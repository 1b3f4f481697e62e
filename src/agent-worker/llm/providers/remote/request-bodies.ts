import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ModelRequest } from '../../chat-messages.ts';
import { toTextMessages } from '../constrained/prompt-messages.ts';
import { toolCallSchema } from '../constrained/tool-call-schema.ts';
import { toolInstructions } from '../constrained/tool-instructions.ts';

/**
 * A native request: the tools in `tools`, a forced step by `tool_choice` naming its tool
 * (servers that ignore a name are found out by the provider), one call per reply.
 */
export function nativeBody(request: ModelRequest, model: string): ChatCompletionCreateParamsStreaming {
  return {
    model,
    // Our message shapes are OpenAI's; the SDK's unions are wider than we need.
    messages: request.messages as ChatCompletionCreateParamsStreaming['messages'],
    tools: request.tools,
    tool_choice: request.forced ? { type: 'function', function: { name: request.forced.tool } } : 'auto',
    parallel_tool_calls: false,
    stream: true,
    stream_options: { include_usage: true },
  };
}

/**
 * A constrained request, for servers whose templates cannot call tools, ignore a named
 * `tool_choice` or refuse tool messages: no `tools`; the tools and the answer format in
 * the (constant) system prompt; the history as alternating user/assistant text, as the
 * in-browser engine takes it; and `response_format` with a JSON schema (llama.cpp,
 * vLLM, LM Studio and Ollama's OpenAI-compatible endpoints turn it into a grammar)
 * admitting one call of any tool action — or of the forced one only.
 */
export function constrainedBody(
  request: ModelRequest,
  model: string,
  options: { systemRole: boolean },
): ChatCompletionCreateParamsStreaming {
  const messages = toTextMessages(
    request.messages,
    {
      callFormat: 'object',
      instructions: toolInstructions(request.tools),
      systemPrompt: options.systemRole ? 'system_message' : 'first_user_message',
      leadingSystemMessage: null,
      images: 'parts',
    },
    () => undefined,
  );
  return {
    model,
    // Our message shapes are OpenAI's; the SDK's unions are wider than we need.
    messages: messages as ChatCompletionCreateParamsStreaming['messages'],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'tool_call',
        strict: true,
        schema: toolCallSchema(request.calls, request.forced, 'object'),
      },
    },
    stream: true,
    stream_options: { include_usage: true },
  };
}

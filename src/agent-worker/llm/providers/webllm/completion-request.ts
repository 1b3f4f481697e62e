import type { ChatCompletionMessageParam, ChatCompletionRequestStreaming } from '@mlc-ai/web-llm';
import type { ModelRequest } from '../../chat-messages.ts';
import type { CallFormat } from '../constrained/call-format.ts';
import { type MessageLayout, toTextMessages } from '../constrained/prompt-messages.ts';
import { toolCallSchema } from '../constrained/tool-call-schema.ts';
import { toolInstructions } from '../constrained/tool-instructions.ts';
import { hermesSystemPrompt } from './hermes-prompt.ts';

/** Whether to use web-llm's native tool calling on the models that have it. */
export type ToolCallingPreference = 'native_when_available' | 'constrained';

/**
 * How one request gets its tool call:
 * - `plain`: no tools offered; the model writes text.
 * - `constrained`: the grammar holds the output to one call of the offered (or forced) tool.
 * - `native`: web-llm's `tools` (Hermes models only), which also constrains the output,
 *   but only to `[{"arguments": {…}, "name": string}]`.
 * - `native_forced`: a forced step on a native model; web-llm has no `tool_choice`, so
 *   a grammar restricted to the forced tool, with the same prompt as `native`.
 */
export type ToolCallingMode = 'plain' | 'constrained' | 'native' | 'native_forced';

/** Picks the mode for a request to `modelId`. */
export function chooseToolCallingMode(
  request: Pick<ModelRequest, 'tools' | 'forced'>,
  modelId: string,
  functionCallingModelIds: readonly string[],
  preference: ToolCallingPreference,
): ToolCallingMode {
  if (request.tools.length === 0) return 'plain';
  const isNative = preference === 'native_when_available' && functionCallingModelIds.includes(modelId);
  if (!isNative) return 'constrained';
  return request.forced === null ? 'native' : 'native_forced';
}

/** A request ready for `engine.chat.completions.create`, and how to read its output. */
export type EngineRequest = {
  body: ChatCompletionRequestStreaming;
  mode: ToolCallingMode;
  callFormat: CallFormat;
  /**
   * The messages as the engine's conversation will hold them (for `native`, web-llm
   * prepends its Hermes system message): what KV-cache reuse is judged on.
   */
  conversation: ChatCompletionMessageParam[];
};

/** Builds the engine request for `request` in `mode`. Throws for a forced tool that was not offered. */
export function buildEngineRequest(
  request: ModelRequest,
  mode: ToolCallingMode,
  recallReply: (callId: string) => string | undefined,
): EngineRequest {
  const isHermes = mode === 'native' || mode === 'native_forced';
  const callFormat: CallFormat = isHermes ? 'hermes_array' : 'object';
  const layout: MessageLayout = {
    callFormat,
    instructions: mode === 'constrained' ? toolInstructions(request.tools) : null,
    systemPrompt: isHermes ? 'first_user_message' : 'system_message',
    leadingSystemMessage: mode === 'native_forced' ? hermesSystemPrompt(request.tools) : null,
  };
  const messages = toTextMessages(request.messages, layout, recallReply);
  const body: ChatCompletionRequestStreaming = {
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  if (mode === 'native') body.tools = request.tools.map((tool) => ({ ...tool }));
  if (mode === 'constrained' || mode === 'native_forced') {
    const schema = toolCallSchema(request.calls, request.forced, callFormat);
    body.response_format = { type: 'json_object', schema: JSON.stringify(schema) };
  }
  const conversation =
    mode === 'native'
      ? [{ role: 'system' as const, content: hermesSystemPrompt(request.tools) }, ...messages]
      : messages;
  return { body, mode, callFormat, conversation };
}

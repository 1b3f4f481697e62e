import type { ToolSpec } from '../../chat-messages.ts';

/**
 * web-llm 0.2.86's function-calling system prompt for Hermes-2-Pro and Hermes-3
 * (`hermes2FunctionCallingSystemPrompt`, not exported), copied verbatim. On a forced
 * step a Hermes model is driven by a grammar instead of web-llm's `tools` (which has
 * no `tool_choice`), and is sent this same system message, so the prompt — and the KV
 * cache — is identical on forced and free steps. A test checks it against web-llm's
 * own request preparation, so an upgrade that changes the text fails loudly.
 */
const HERMES_SYSTEM_PROMPT_TEMPLATE = `You are a function calling AI model. You are 
provided with function signatures within <tools></tools> XML tags. You may call one or more functions 
to assist with the user query. Don't make assumptions about what values to plug into functions. Here 
are the available tools: <tools> {hermes_tools}  </tools>. 
Use the following pydantic model json schema for each tool call you will make: 
{"properties": {"arguments": {"title": "Arguments", "type": "object"}, "name": {"title": "Name", "type": "string"}}, "required": ["arguments", "name"], "title": "FunctionCall", "type": "object"} For each function call return a json object.`;

/** The system message web-llm writes for a Hermes model offered `tools`. */
export function hermesSystemPrompt(tools: readonly ToolSpec[]): string {
  // `replace` with a string, as web-llm does (including its `$`-pattern handling).
  return HERMES_SYSTEM_PROMPT_TEMPLATE.replace('{hermes_tools}', JSON.stringify(tools));
}

import type { ToolSpec } from '../../chat-messages.ts';

/** How a tool result is introduced in the user message that carries it back to the model. */
export function toolResultHeading(toolName: string): string {
  return `Result of \`${toolName}\`:`;
}

/**
 * The tools and the answer format, as text for the system message of a model without
 * native tool calling (it sees no `tools` field). A pure function of the tool list,
 * which never changes, so the prompt prefix — and web-llm's KV cache — stays valid
 * from one step to the next. Which tool a step is forced to is not said here: forcing
 * is done by the grammar alone.
 */
export function toolInstructions(tools: readonly ToolSpec[]): string {
  const sections = tools.map(
    (tool) =>
      `## ${tool.function.name}\n${tool.function.description.trim()}\n\nParameters (JSON Schema): ${JSON.stringify(tool.function.parameters)}`,
  );
  return [
    '# Tools',
    ...sections,
    '# Answer format',
    [
      'Answer every turn with exactly one JSON object and nothing else:',
      '{"name": "<tool name>", "arguments": {<the parameters of that tool, following its schema>}}',
      `Each result comes back in a user message that starts with ${toolResultHeading('<tool name>')}`,
    ].join('\n'),
  ].join('\n\n');
}

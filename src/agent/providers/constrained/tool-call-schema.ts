import type { JsonSchema } from '../../tools/model-schema.ts';
import type { ToolSpec } from '../chat-messages.ts';
import type { CallFormat } from './call-format.ts';

/**
 * The JSON Schema the engine's grammar holds the output to: one call of any tool in
 * `tools` (an `anyOf` over the tools, in their fixed order), or of `forcedTool` only.
 * Each branch ties the tool's name (a `const`) to that tool's own parameter schema —
 * the same schema the remote provider sends in `tools`. Deterministic for the same
 * input, so web-llm reuses its compiled grammar across steps.
 *
 * Throws when `forcedTool` is not in `tools` (the runtime never forces a tool it did not offer).
 */
export function toolCallSchema(
  tools: readonly ToolSpec[],
  forcedTool: string | null,
  format: CallFormat,
): JsonSchema {
  const offered = forcedTool === null ? tools : tools.filter((tool) => tool.function.name === forcedTool);
  if (offered.length === 0) {
    throw new Error(
      forcedTool === null ? 'No tools to call.' : `The forced tool \`${forcedTool}\` is not among the tools.`,
    );
  }
  const branches = offered.map((tool) => callSchema(tool, format));
  const call = branches.length === 1 ? branches[0]! : { anyOf: branches };
  return format === 'hermes_array' ? { type: 'array', items: call, minItems: 1, maxItems: 1 } : call;
}

function callSchema(tool: ToolSpec, format: CallFormat): JsonSchema {
  const name = { const: tool.function.name };
  const parameters = tool.function.parameters;
  const properties =
    format === 'hermes_array' ? { arguments: parameters, name } : { name, arguments: parameters };
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

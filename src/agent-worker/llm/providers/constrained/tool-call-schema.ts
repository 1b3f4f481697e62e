import type { CallShape } from '../../call-shapes.ts';
import type { ForcedCall } from '../../chat-messages.ts';
import type { JsonSchema } from '../../model-schema.ts';
import type { CallFormat } from './call-format.ts';

/**
 * The JSON Schema a grammar holds the output to: one call in any of the `shapes` (an
 * `anyOf`, one branch per tool action, in the tools' fixed order), or in the forced
 * call's shape only. Each branch ties the tool's name (a `const`) to the arguments that
 * action requires, so a call generated under it is a call the tool accepts. Deterministic
 * for the same input, so a compiled grammar can be reused across steps.
 *
 * Throws when the forced call is not among the shapes (the runtime never forces a call
 * it did not offer).
 */
export function toolCallSchema(
  shapes: readonly CallShape[],
  forced: ForcedCall | null,
  format: CallFormat,
): JsonSchema {
  const offered =
    forced === null
      ? shapes
      : shapes.filter((shape) => shape.tool === forced.tool && shape.actionType === forced.actionType);
  if (offered.length === 0) {
    throw new Error(
      forced === null
        ? 'No tools to call.'
        : `The forced call \`${forced.actionType}\` is not among the tools.`,
    );
  }
  const branches = offered.map((shape) => callSchema(shape, format));
  const call = branches.length === 1 ? branches[0]! : { anyOf: branches };
  return format === 'hermes_array' ? { type: 'array', items: call, minItems: 1, maxItems: 1 } : call;
}

function callSchema(shape: CallShape, format: CallFormat): JsonSchema {
  const name = { const: shape.tool };
  const properties =
    format === 'hermes_array' ? { arguments: shape.parameters, name } : { name, arguments: shape.parameters };
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

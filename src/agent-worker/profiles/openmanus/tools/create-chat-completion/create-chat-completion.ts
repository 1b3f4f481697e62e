import { z } from 'zod';
import { defineTool, invalidArguments, modelFacing } from '@/agent-worker/toolkit/define-tool.ts';

const FORMAT_PROMPT =
  'You format text as structured output. Answer with one JSON value that matches the given JSON Schema exactly and carries the content of the text you are given; add nothing the text does not support.';

const OUTPUT_SCHEMA_DESCRIPTION =
  "(optional) A JSON Schema for structured output (types, objects, unions, lists and dicts). Given, the conversation's model formats the response as one JSON value matching it, and the tool returns that JSON.";

/** OpenManus' `create_chat_completion` parameters (its default, text, response), and the schema to format it by. */
export const CreateChatCompletionParameters = z.object({
  response: z.string().describe('The response text that should be delivered to the user.'),
  output_schema: modelFacing(z.record(z.string(), z.unknown()).optional(), {
    type: 'object',
    description: OUTPUT_SCHEMA_DESCRIPTION,
  }).describe(OUTPUT_SCHEMA_DESCRIPTION),
});

/**
 * OpenManus' `create_chat_completion` (seed 002): without a schema, the response text
 * as it is; with `output_schema`, the conversation's model (through the completion port)
 * turns the response into JSON matching it, checked against the schema before it is
 * returned.
 */
export const createChatCompletionTool = defineTool({
  name: 'create_chat_completion',
  description: 'Creates a structured completion with specified output formatting.',
  metaKind: null,
  parameters: CreateChatCompletionParameters,
  label: 'compose',
  effect: 'reads',
  execute: async (params, context) => {
    if (!params.output_schema) return { status: 'success', content: params.response, meta: {} };
    let validator: z.ZodType;
    try {
      validator = z.fromJSONSchema(params.output_schema as Parameters<typeof z.fromJSONSchema>[0]);
    } catch (error) {
      return invalidArguments(
        `\`output_schema\` is not a JSON Schema this tool can use: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const result = await context.completion.complete(
      { system: FORMAT_PROMPT, user: params.response, schema: params.output_schema },
      context.signal,
    );
    if ('error' in result) return { status: 'error', kind: 'execution', message: result.error };
    let value: unknown;
    try {
      value = JSON.parse(result.text);
    } catch {
      return {
        status: 'error',
        kind: 'execution',
        message: `The model did not answer with JSON: ${result.text.slice(0, 500)}`,
      };
    }
    const checked = validator.safeParse(value);
    if (!checked.success) {
      return {
        status: 'error',
        kind: 'execution',
        message: `The model's answer does not match \`output_schema\`:\n${z.prettifyError(checked.error)}\nIts answer: ${JSON.stringify(value).slice(0, 1000)}`,
      };
    }
    return {
      status: 'success',
      content: JSON.stringify(value, null, 2),
      meta: { model: result.model, structured: value },
    };
  },
});

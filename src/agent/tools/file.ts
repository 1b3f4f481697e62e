import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './file.md?raw';
import { notAvailable } from './not-available.ts';

/** Seed 000's `file` parameters, in its order. */
export const FileParameters = z.object({
  action: z.enum(['view', 'read', 'write', 'append', 'edit']).describe('The action to perform'),
  brief: briefParameter(),
  edits: z
    .array(z.object({ all: z.boolean().optional(), find: z.string(), replace: z.string() }))
    .optional()
    .describe('A list of edits to be sequentially applied to the file. Required for `edit` action.'),
  path: z.string().describe('The absolute path to the target file'),
  range: z
    .array(z.number().int())
    .optional()
    .describe(
      'An array of two integers specifying the start and end of the range. Numbers are 1-indexed, and -1 for the end means read to the end of the file. Optional and only used for `view` and `read` actions.',
    ),
  text: z
    .string()
    .optional()
    .describe('The content to be written or appended. Required for `write` and `append` actions.'),
});

export const fileTool = defineTool({
  name: 'file',
  description,
  parameters: FileParameters,
  actionKey: 'action',
  describe: (params) => `File ${params.action}: ${params.path}`,
  execute: () => notAvailable('file'),
});

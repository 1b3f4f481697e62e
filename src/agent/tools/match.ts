import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import description from './match.md?raw';
import { notAvailable } from './not-available.ts';

/** Seed 000's `match` parameters, in its order. */
export const MatchParameters = z.object({
  action: z.enum(['glob', 'grep']).describe('The action to perform'),
  brief: briefParameter(),
  leading: z
    .number()
    .int()
    .optional()
    .describe(
      'Number of lines to include before each match as context. Optional and only used for `grep` action. Defaults to 0.',
    ),
  regex: z
    .string()
    .optional()
    .describe('The regex pattern to match file content. Required for `grep` action.'),
  scope: z.string().describe('The glob pattern that defines the absolute file path and name scope'),
  trailing: z
    .number()
    .int()
    .optional()
    .describe(
      'Number of lines to include after each match as context. Optional and only used for `grep` action. Defaults to 0.',
    ),
});

export const matchTool = defineTool({
  name: 'match',
  description,
  parameters: MatchParameters,
  actionKey: 'action',
  describe: (params) =>
    params.action === 'grep'
      ? `Searching ${params.scope} for /${params.regex ?? ''}/`
      : `Finding ${params.scope}`,
  execute: () => notAvailable('match'),
});

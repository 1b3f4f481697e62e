import { z } from 'zod';
import { briefParameter } from './common-parameters.ts';
import { defineTool } from './define-tool.ts';
import { notAvailable } from './not-available.ts';
import description from './shell.md?raw';

/** Seed 000's `shell` parameters, in its order. */
export const ShellParameters = z.object({
  action: z.enum(['view', 'exec', 'wait', 'send', 'kill']).describe('The action to perform'),
  brief: briefParameter(),
  command: z.string().optional().describe('The shell command to execute. Required for `exec` action.'),
  input: z
    .string()
    .optional()
    .describe(
      'Input text to send to the interactive session. End with a newline character (\\n) to simulate pressing Enter if needed. Required for `send` action.',
    ),
  session: z.string().describe('The unique identifier of the target shell session'),
  timeout: z
    .number()
    .int()
    .optional()
    .describe(
      'Timeout in seconds to wait for command execution. Optional and only used for `exec` and `wait` actions. Defaults to 30 seconds.',
    ),
});

export const shellTool = defineTool({
  name: 'shell',
  description,
  parameters: ShellParameters,
  actionKey: 'action',
  describe: (params) =>
    params.action === 'exec'
      ? `Running \`${params.command ?? ''}\` in session ${params.session}`
      : `Shell ${params.action} in session ${params.session}`,
  execute: () => notAvailable('shell'),
});

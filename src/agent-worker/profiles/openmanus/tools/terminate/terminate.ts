import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import description from './terminate.md?raw';

/** OpenManus' `terminate` parameters, word for word. */
export const TerminateParameters = z.object({
  status: z.enum(['success', 'failure']).describe('The finish status of the interaction.'),
});

/**
 * OpenManus' `terminate`: ends the run (the profile gives it the `result` role), with
 * OpenManus' closing line as the result.
 */
export const terminateTool = defineTool({
  name: 'terminate',
  description,
  metaKind: null,
  hasSideEffects: false,
  parameters: TerminateParameters,
  label: 'deliver',
  role: 'result',
  effect: 'reads',
  execute: (params) => ({
    status: 'success',
    content: `The interaction has been completed with status: ${params.status}`,
    meta: { finish_status: params.status },
    // Given up: the run ends, but the plan's current step is not marked done.
    ...(params.status === 'failure' ? { isGivenUp: true as const } : {}),
  }),
});

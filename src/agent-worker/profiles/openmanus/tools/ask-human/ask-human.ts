import { z } from 'zod';
import { defineTool, invalidArguments } from '@/agent-worker/toolkit/define-tool.ts';

/** OpenManus' `ask_human` parameters, word for word. */
export const AskHumanParameters = z.object({
  inquire: z.string().describe('The question you want to ask human.'),
});

/**
 * OpenManus' `ask_human`: the question goes to the person and the run suspends until
 * they answer (the profile gives it the `ask` role); the answer is what the model reads.
 */
export const askHumanTool = defineTool({
  name: 'ask_human',
  description: 'Use this tool to ask human for help.',
  metaKind: null,
  hasSideEffects: false,
  parameters: AskHumanParameters,
  label: 'ask',
  role: 'ask',
  effect: 'reads',
  execute: (params) =>
    params.inquire.trim() === ''
      ? invalidArguments('`inquire` is empty: write the question you want the human to answer.')
      : { status: 'success', content: params.inquire, meta: { question: params.inquire } },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { muxdError } from '../../common/muxd-common.ts';

/** Seed 004's `ask_user` parameters. */
export const AskUserParameters = z.object({
  question: z.string().describe('The question to ask the user'),
});

/**
 * `ask_user`: the profile gives it the `ask` role, so the run suspends on it until the
 * person replies (and nothing else runs meanwhile); its content is the question shown.
 */
export const askUserTool = defineTool({
  name: 'ask_user',
  description:
    'Ask the user a question and wait for their response. The agent loop pauses until the user replies.',
  metaKind: null,
  hasSideEffects: false,
  parameters: AskUserParameters,
  label: 'ask',
  role: 'ask',
  effect: 'reads',
  execute: (params) =>
    params.question.trim() === ''
      ? muxdError('question is required', 'validation')
      : { status: 'success', content: params.question, meta: {} },
});

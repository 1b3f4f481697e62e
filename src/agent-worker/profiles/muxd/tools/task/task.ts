import { z } from 'zod';
import { defineTool, type ToolContext, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { withTarget } from '@/agent-worker/toolkit/label-rules.ts';
import type { SubAgentMeta } from '@/shared/protocol/tool-meta/sub-agent-meta.ts';

/** Seed 004: a sub-agent's output is capped at 50 KB. */
export const TASK_OUTPUT_CAP_BYTES = 50 * 1024;

/** Seed 004's `task` parameters. */
export const TaskParameters = z.object({
  description: z.string().describe('Short description of the subtask (3-5 words)'),
  prompt: z.string().describe('Detailed prompt describing what the sub-agent should do'),
});

/**
 * muxd's `task`: a sub-agent with a fresh context, the same provider and every tool but
 * `task`, run to its end; its answer (at most 50 KB) is the observation, its steps stay
 * in its own conversation, shown nested under this action.
 */
export const taskTool = defineTool({
  name: 'task',
  description:
    'Spawn a sub-agent to handle an independent subtask. The sub-agent gets a fresh conversation with the same model and provider.',
  metaKind: 'sub_agent',
  parameters: TaskParameters,
  label: withTarget('delegate', 'description'),
  // A sub-agent's own calls declare their own effects.
  effect: 'reads',
  execute: (params, context) => runTask(params, context),
});

async function runTask(
  params: z.infer<typeof TaskParameters>,
  context: ToolContext,
): Promise<ToolOutcome<SubAgentMeta>> {
  if (params.prompt.trim() === '')
    return {
      status: 'error',
      kind: 'validation',
      message: '`prompt` must say what the sub-agent should do.',
    };
  const outcome = await context.subAgents.run({ description: params.description, prompt: params.prompt });
  const { text, truncated } = capped(outcome.answer);
  const meta: SubAgentMeta = {
    conversation_id: outcome.conversationId,
    description: params.description,
    status: outcome.status,
    steps: outcome.steps,
    truncated,
  };
  if (outcome.status === 'error')
    return {
      status: 'error',
      kind: 'execution',
      message: `The sub-agent failed after ${outcome.steps} steps.${text ? ` Its last words:\n${text}` : ''}`,
      meta,
    };
  if (context.signal.aborted) return { status: 'error', kind: 'cancelled', message: 'Stopped.', meta };
  const said = text === '' ? `The sub-agent ended (${outcome.status}) without an answer.` : text;
  return { status: 'success', content: said, meta };
}

/** `text` cut to the output cap (at a character boundary), with a note when it was cut. */
function capped(text: string): { text: string; truncated: boolean } {
  const bytes = new TextEncoder().encode(text);
  if (bytes.byteLength <= TASK_OUTPUT_CAP_BYTES) return { text, truncated: false };
  const head = new TextDecoder().decode(bytes.slice(0, TASK_OUTPUT_CAP_BYTES)).replace(/\uFFFD$/, '');
  return { text: `${head}\n… [output truncated at 50 KB]`, truncated: true };
}

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { isPlanMode, setPlanMode } from '../../common/plan-mode-state.ts';

export const planExitTool = defineTool({
  name: 'plan_exit',
  description: 'Exit plan mode and re-enable all write tools.',
  metaKind: null,
  parameters: z.object({}),
  label: fixedTarget('leave_mode', 'plan mode'),
  effect: 'reads',
  execute: async (_params, context) => {
    if (!(await isPlanMode(context))) return { status: 'success', content: 'Not in plan mode.', meta: {} };
    await setPlanMode(context, false);
    return { status: 'success', content: 'Exited plan mode. All tools are now available.', meta: {} };
  },
});

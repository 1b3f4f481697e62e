import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { fixedTarget } from '@/agent-worker/toolkit/label-rules.ts';
import { isPlanMode, setPlanMode } from '../../common/plan-mode-state.ts';

export const planEnterTool = defineTool({
  name: 'plan_enter',
  description:
    'Enter plan mode. Disables write tools so you can safely explore and analyze before making changes.',
  metaKind: null,
  parameters: z.object({}),
  label: fixedTarget('enter_mode', 'plan mode'),
  effect: 'reads',
  execute: async (_params, context) => {
    if (await isPlanMode(context)) return { status: 'success', content: 'Already in plan mode.', meta: {} };
    await setPlanMode(context, true);
    return {
      status: 'success',
      content: 'Entered plan mode. Write tools are now disabled. Use plan_exit to resume editing.',
      meta: {},
    };
  },
});

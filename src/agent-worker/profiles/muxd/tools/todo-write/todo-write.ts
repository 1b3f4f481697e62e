import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { type PlanMeta, planMeta } from '@/shared/protocol/tool-meta/plan-meta.ts';
import { muxdError } from '../../common/muxd-common.ts';
import { confirmTodos, planOfTodos, saveTodos, TodoItem } from '../../common/todo-list.ts';

/** Seed 004's `todo_write` parameters. */
export const TodoWriteParameters = z.object({
  todos: z
    .array(
      z.object({
        id: z.string().describe('Short unique identifier (e.g. `"1"`, `"a"`)'),
        title: z.string().describe('Brief task title'),
        status: z
          .enum(['pending', 'in_progress', 'completed'])
          .describe('One of: `pending`, `in_progress`, `completed`'),
        description: z.string().optional().describe('Longer description of the task'),
      }),
    )
    .describe('Array of todo item objects'),
});

/**
 * `todo_write`: replaces the list (at most one item `in_progress`, else muxd's error),
 * saves it in the workspace, and hands the runtime the list as the conversation's plan,
 * which the plan panel shows (one phase per item).
 */
export const todoWriteTool = defineTool({
  name: 'todo_write',
  description: 'Overwrite the todo list with a new set of items. Use this to track multi-step plans.',
  metaKind: 'plan',
  parameters: TodoWriteParameters,
  label: 'plan',
  role: 'plan',
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<PlanMeta>> => {
    const items = params.todos.map((todo) => TodoItem.parse(todo));
    const inProgress = items.filter((item) => item.status === 'in_progress').length;
    if (inProgress > 1) {
      return muxdError(`only one item may be in_progress at a time (found ${inProgress})`, 'validation');
    }
    await saveTodos(context, items);
    const plan = planOfTodos(items, context);
    return { status: 'success', content: confirmTodos(items), meta: planMeta(plan), plan };
  },
});

import { z } from 'zod';
import { defineTool } from '@/agent-worker/toolkit/define-tool.ts';
import { formatTodos, readTodos } from '../../common/todo-list.ts';

export const todoReadTool = defineTool({
  name: 'todo_read',
  description:
    'Read the current todo list. Returns all items with their ID, title, status, and optional description.',
  metaKind: null,
  parameters: z.object({}),
  label: 'read_plan',
  effect: 'reads',
  execute: async (_params, context) => ({
    status: 'success',
    content: formatTodos(await readTodos(context)),
    meta: {},
  }),
});

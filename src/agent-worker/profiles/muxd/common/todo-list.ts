import { z } from 'zod';
import type { ToolContext } from '@/agent-worker/toolkit/define-tool.ts';
import type { Phase, Plan } from '@/shared/protocol/phase-plan.ts';
import { MUXD_STATE_FOLDER } from './muxd-common.ts';

/** The workspace file holding the todo list (muxd keeps it in memory; here it survives a reload). */
export const TODOS_PATH = `${MUXD_STATE_FOLDER}/todos.json`;

export const TodoStatus = z.enum(['pending', 'in_progress', 'completed']);
export type TodoStatus = z.infer<typeof TodoStatus>;

/** One todo item as muxd stores it (JSON keys as muxd's `TodoItem`). */
export const TodoItem = z.object({
  id: z.string(),
  title: z.string(),
  status: TodoStatus,
  description: z.string().optional(),
});
export type TodoItem = z.infer<typeof TodoItem>;

/** The saved todo list, or an empty one when none was saved (or the file is unreadable). */
export async function readTodos(context: ToolContext): Promise<TodoItem[]> {
  if (!(await context.workspace.exists(TODOS_PATH))) return [];
  try {
    const parsed = z
      .array(TodoItem)
      .safeParse(JSON.parse(new TextDecoder().decode(await context.workspace.read(TODOS_PATH))));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Saves the todo list. */
export async function saveTodos(context: ToolContext, items: readonly TodoItem[]): Promise<void> {
  await context.workspace.save(TODOS_PATH, `${JSON.stringify(items, null, 2)}\n`);
}

/** `todo_read`'s text: one `[id] status - title (description)` line per item. */
export function formatTodos(items: readonly TodoItem[]): string {
  if (items.length === 0) return 'Todo list is empty.';
  return items
    .map(
      (item) =>
        `[${item.id}] ${item.status} - ${item.title}${item.description ? ` (${item.description})` : ''}`,
    )
    .join('\n');
}

/** `todo_write`'s confirmation: the count, then the list as muxd prints it (indented JSON). */
export function confirmTodos(items: readonly TodoItem[]): string {
  return `Updated todo list (${items.length} items):\n${JSON.stringify(items, null, 2)}`;
}

const PHASE_STATUS: Readonly<Record<TodoStatus, Phase['status']>> = {
  pending: 'pending',
  in_progress: 'active',
  completed: 'completed',
};

/** The goal the plan panel shows above the todos. */
export const TODO_GOAL = 'Todo list';

/**
 * The todo list as the conversation's plan, for the plan panel: one phase per item in
 * order (numbered from 1; `in_progress` is the active phase). The current phase is the
 * item in progress, else the first not completed, else the last; the next is the first
 * pending item after it.
 */
export function planOfTodos(items: readonly TodoItem[], context: ToolContext): Plan {
  const phases: Phase[] = items.map((item, index) => ({
    id: index + 1,
    title: item.title,
    status: PHASE_STATUS[item.status],
  }));
  const current =
    phases.find((phase) => phase.status === 'active') ??
    phases.find((phase) => phase.status !== 'completed') ??
    phases.at(-1);
  const currentId = current?.id ?? 0;
  const next = phases.find((phase) => phase.id > currentId && phase.status === 'pending');
  const now = context.now();
  return {
    conversationId: context.conversationId,
    goal: TODO_GOAL,
    phases,
    current_phase_id: currentId,
    next_phase_id: next?.id ?? null,
    createdAt: context.plan?.createdAt ?? now,
    updatedAt: now,
  };
}

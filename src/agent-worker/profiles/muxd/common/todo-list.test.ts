import { describe, expect, it } from 'vitest';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { confirmTodos, formatTodos, planOfTodos } from './todo-list.ts';

describe('the todo list', () => {
  const items = [
    { id: '1', title: 'Read existing code', status: 'completed' as const },
    { id: '2', title: 'Implement new feature', status: 'in_progress' as const, description: 'the parser' },
    { id: '3', title: 'Write tests', status: 'pending' as const },
  ];

  it('reads as `[id] status - title (description)`, or "Todo list is empty."', () => {
    expect(formatTodos(items)).toBe(
      '[1] completed - Read existing code\n[2] in_progress - Implement new feature (the parser)\n[3] pending - Write tests',
    );
    expect(formatTodos([])).toBe('Todo list is empty.');
    expect(confirmTodos(items.slice(0, 1))).toBe(
      'Updated todo list (1 items):\n[\n  {\n    "id": "1",\n    "title": "Read existing code",\n    "status": "completed"\n  }\n]',
    );
  });

  it('becomes a plan: one phase per item, in_progress the current phase, the next pending one next', () => {
    const plan = planOfTodos(items, testToolContext());
    expect(plan.phases).toEqual([
      { id: 1, title: 'Read existing code', status: 'completed' },
      { id: 2, title: 'Implement new feature', status: 'active' },
      { id: 3, title: 'Write tests', status: 'pending' },
    ]);
    expect(plan).toMatchObject({ current_phase_id: 2, next_phase_id: 3, goal: 'Todo list' });
    const allDone = planOfTodos(
      items.map((item) => ({ ...item, status: 'completed' as const })),
      testToolContext(),
    );
    expect(allDone).toMatchObject({ current_phase_id: 3, next_phase_id: null });
    expect(planOfTodos([], testToolContext())).toMatchObject({ phases: [], current_phase_id: 0 });
  });
});

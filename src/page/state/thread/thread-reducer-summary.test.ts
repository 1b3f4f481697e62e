import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { type ActionItem, applyEvents, initialThreadState, type ThreadItem } from './thread-reducer.ts';

const CONVERSATION = 'conversation-1';

function log(...bodies: EventBody[]): StoredEvent[] {
  return bodies.map((body, seq) => ({ conversationId: CONVERSATION, seq, at: 1_000 + seq * 100, body }));
}

function envelope(
  uuid: string,
  status: 'running' | 'success',
  content: string,
  actionType: string,
): EventBody {
  return {
    type: 'envelope',
    toolCallId: null,
    envelope: { uuid, status, content, meta: { tool: 'file', action_type: actionType } },
  };
}

function onlyAction(items: readonly ThreadItem[], uuid: string): ActionItem {
  const matches = items.filter((item) => item.kind === 'action' && item.uuid === uuid);
  expect(matches).toHaveLength(1);
  return matches[0] as ActionItem;
}

describe('applyEvents: what an action does', () => {
  it('keeps what the action does (its summary) from the running event, and none when the log has none', () => {
    const running: EventBody = {
      type: 'envelope',
      toolCallId: null,
      envelope: {
        uuid: 'w1',
        status: 'running',
        content: 'File write: /home/ubuntu/a.md',
        meta: { tool: 'file', action_type: 'file.write' },
      },
      summary: { verb: 'write', target: '/home/ubuntu/a.md' },
    };
    const state = applyEvents(
      initialThreadState(CONVERSATION),
      log(
        running,
        envelope('w1', 'success', 'Wrote 3 lines', 'file.write'),
        envelope('o1', 'running', 'Old action', 'file.read'),
      ),
    );
    expect(onlyAction(state.items, 'w1').summary).toEqual({ verb: 'write', target: '/home/ubuntu/a.md' });
    expect(onlyAction(state.items, 'o1').summary).toBeNull();
  });
});

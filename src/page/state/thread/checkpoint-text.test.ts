import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { forkIndex, forkKey, rewindQuestion, rewoundText } from './checkpoint-text.ts';

describe('what a rewind says', () => {
  it('names the steps and messages that leave and the files that go back', () => {
    expect(rewindQuestion({ steps: 3, messages: 1, paths: 2 })).toBe(
      'Rewind to this step? 3 later steps and 1 message of yours leave the conversation, and 2 workspace files go back to how they were after this step. You can undo it until you send your next message.',
    );
    expect(rewindQuestion({ steps: 1, messages: 0, paths: 1 })).toBe(
      'Rewind to this step? 1 later step leaves the conversation, and 1 workspace file goes back to how it was after this step. You can undo it until you send your next message.',
    );
    expect(rewindQuestion({ steps: 2, messages: 0, paths: 1 }, 'message')).toBe(
      'Rewind to this message? 2 later steps leave the conversation, and 1 workspace file goes back to how it was after this message. You can undo it until you send your next message.',
    );
    expect(rewindQuestion({ steps: 2, messages: 0, paths: 0 })).toContain(
      'the workspace stays as it is (nothing in it changed since)',
    );
  });

  it('says what was set aside while it can be undone', () => {
    expect(rewoundText({ atSeq: 4, at: 1, steps: 2, messages: 2 })).toBe(
      'Rewound to an earlier step: 2 later steps and 2 messages of yours were set aside, and the workspace went back with it. Undo until you send your next message.',
    );
    expect(rewoundText({ atSeq: 4, at: 1, steps: 1, messages: 0 })).toContain('1 later step was set aside');
  });
});

describe('the forks of a step', () => {
  const conversation = (
    id: string,
    createdAt: number,
    forkedFrom?: Conversation['forkedFrom'],
  ): Conversation => ({
    id,
    title: id,
    status: 'idle',
    createdAt,
    updatedAt: createdAt,
    profileId: 'manus',
    ...(forkedFrom ? { forkedFrom } : {}),
  });

  it('are the conversations forked from that conversation at that step, oldest first', () => {
    const all = [
      conversation('late', 9, { conversationId: 'c', seq: 5, uuid: 'a5', title: 'C' }),
      conversation('other-step', 3, { conversationId: 'c', seq: 7, title: 'C' }),
      conversation('early', 2, { conversationId: 'c', seq: 5, uuid: 'a5', title: 'C' }),
      conversation('other-event-same-seq', 4, { conversationId: 'c', seq: 5, uuid: 'b5', title: 'C' }),
      conversation('c', 1),
    ];
    const index = forkIndex(all);
    expect(index.get(forkKey('c', 5, 'a5'))?.map((each) => each.id)).toEqual(['early', 'late']);
    expect(index.get(forkKey('c', 5, 'b5'))?.map((each) => each.id)).toEqual(['other-event-same-seq']);
    expect(index.get(forkKey('c', 7))?.map((each) => each.id)).toEqual(['other-step']);
    expect(index.size).toBe(3);
  });
});

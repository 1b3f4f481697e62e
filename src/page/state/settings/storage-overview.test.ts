import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import {
  largestConversations,
  pruningOutcome,
  pruningQuestion,
  readStorageEstimate,
  storageRows,
} from './storage-overview.ts';

const usage = (
  conversationId: string,
  historyBytes: number,
  workspaceBytes: number,
  checkpointBytes = 0,
) => ({
  conversationId,
  historyBytes,
  workspaceBytes,
  checkpointBytes,
  checkpoints: 0,
  stepCheckpoints: 0,
});

const conversation = (id: string, title: string): Conversation => ({
  id,
  title,
  status: 'done',
  createdAt: 1,
  updatedAt: 2,
  profileId: 'manus',
});

describe('the storage overview', () => {
  it('names each conversation and sorts them by what they take', () => {
    const rows = storageRows(
      [usage('a', 10, 5), usage('b', 1, 900), usage('gone', 3, 0), usage('c', 1, 2, 40)],
      [conversation('a', 'Notes app'), conversation('b', 'Report'), conversation('c', 'Checkpoints')],
    );
    expect(rows.map((row) => [row.title, row.totalBytes])).toEqual([
      ['Report', 901],
      // Checkpoints count to the whole.
      ['Checkpoints', 43],
      ['Notes app', 15],
      ['Untitled conversation', 3],
    ]);
    expect(rows[3]?.status).toBeNull();
    expect(largestConversations(rows, 2).map((row) => row.conversationId)).toEqual(['b', 'c']);
  });

  it('says what pruning drops, keeps and frees, before and after', () => {
    const bytes = (value: number) => `${value} B`;
    const pruning = {
      steps: 5,
      keptCheckpoints: 2,
      droppedChanges: 9,
      freedBytes: 300,
      freedRowBytes: 20,
      conversationIds: ['a'],
    };
    expect(pruningQuestion(pruning, bytes)).toBe(
      'Forget the per-step changes of 5 steps (what each changed, and its diffs)? You can still see and go back to each of your messages; the files now stay as they are. Frees about 320 B.',
    );
    expect(pruningQuestion({ ...pruning, steps: 1 }, bytes)).toMatch(
      /^Forget the per-step changes of 1 step \(/,
    );
    expect(pruningQuestion({ ...pruning, steps: 0 }, bytes)).toMatch(/^No step keeps changes of its own/);
    expect(pruningOutcome(pruning, bytes)).toBe(
      'Pruned the checkpoints of 5 steps; kept 2 message checkpoints; freed about 320 B.',
    );
  });

  it('reads the browser estimate, or nothing where there is none', async () => {
    expect(await readStorageEstimate({ estimate: async () => ({ usage: 2048, quota: 1 << 30 }) })).toEqual({
      usageBytes: 2048,
      quotaBytes: 1 << 30,
    });
    expect(await readStorageEstimate({ estimate: async () => ({}) })).toBeNull();
    expect(
      await readStorageEstimate({
        estimate: async () => {
          throw new Error('denied');
        },
      }),
    ).toBeNull();
    expect(await readStorageEstimate(undefined)).toBeNull();
  });
});

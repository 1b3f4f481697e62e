import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../protocol/conversation.ts';
import { largestConversations, readStorageEstimate, storageRows } from './storage-overview.ts';

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
      [
        { conversationId: 'a', historyBytes: 10, workspaceBytes: 5 },
        { conversationId: 'b', historyBytes: 1, workspaceBytes: 900 },
        { conversationId: 'gone', historyBytes: 3, workspaceBytes: 0 },
      ],
      [conversation('a', 'Notes app'), conversation('b', 'Report')],
    );
    expect(rows.map((row) => [row.title, row.totalBytes])).toEqual([
      ['Report', 901],
      ['Notes app', 15],
      ['Untitled conversation', 3],
    ]);
    expect(rows[2]?.status).toBeNull();
    expect(largestConversations(rows, 2).map((row) => row.conversationId)).toEqual(['b', 'a']);
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

import { describe, expect, it } from 'vitest';
import { ConversationRepository } from './conversation-repository.ts';
import { KnowHowRepository } from './know-how-repository.ts';
import { migrateFrom } from './migration-fixtures.ts';

describe('schema v9: skills, projects and memories', () => {
  it('adds their empty tables; an older conversation reads with no start context, and rows round-trip', async () => {
    const database = await migrateFrom(8, async (v8) => {
      await v8.conversations.put({
        id: 'c1',
        title: 'Task',
        status: 'idle',
        createdAt: 1,
        updatedAt: 1,
        profileId: 'manus',
      });
    });
    expect([
      await database.skills.count(),
      await database.projects.count(),
      await database.memories.count(),
    ]).toEqual([0, 0, 0]);
    const conversation = await new ConversationRepository(database).get('c1');
    expect(conversation).toMatchObject({ title: 'Task' });
    expect(conversation?.startContext).toBeUndefined();
    const knowHow = new KnowHowRepository(database);
    const memory = {
      id: 'm1',
      text: 'Prefers metric units',
      source: { kind: 'person' as const },
      enabled: true,
      createdAt: 2,
      updatedAt: 2,
    };
    await knowHow.memories.put(memory);
    expect(await knowHow.memories.list()).toEqual([memory]);
    await expect(knowHow.memories.put({ ...memory, text: '' })).rejects.toThrow();
    expect(await knowHow.memories.get('m1')).toEqual(memory);
    // Deleting a conversation takes its waiting proposals with it, never a saved memory from it.
    const fromC1 = { kind: 'conversation' as const, conversationId: 'c1', title: 'Task' };
    await knowHow.memories.put({ ...memory, id: 'p1', text: 'Likes tea', source: fromC1, state: 'proposed' });
    await knowHow.memories.put({
      ...memory,
      id: 's1',
      text: 'Works in Berlin',
      source: fromC1,
      state: 'saved',
    });
    await new ConversationRepository(database).delete('c1');
    expect((await knowHow.memories.list()).map((row) => row.id).sort()).toEqual(['m1', 's1']);
    database.close();
  });
});

import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../protocol/workspace.ts';
import { ConversationRepository } from './conversation-repository.ts';
import { SandpiperDatabase } from './db.ts';
import { WorkspaceFullError, WorkspaceRepository } from './workspace-repository.ts';

const database = () => new SandpiperDatabase(`workspace-${randomUUID()}`, { indexedDB, IDBKeyRange });
const file = (path: string, text: string, conversationId = 'c'): WorkspaceFile => {
  const content = new TextEncoder().encode(text);
  return { conversationId, path, kind: 'file', content, size: content.byteLength, modifiedAt: 1 };
};

describe('workspace repository', () => {
  it('writes, overwrites and deletes files in one step, per conversation', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    await workspace.apply(
      'c',
      { writes: [file('a.txt', 'one'), file('src/b.ts', 'two')], deletes: [] },
      1000,
    );
    await workspace.apply('d', { writes: [file('a.txt', 'other', 'd')], deletes: [] }, 1000);
    await workspace.apply('c', { writes: [file('a.txt', 'three!')], deletes: ['src/b.ts'] }, 1000);
    const files = await workspace.list('c');
    expect(files.map((entry) => [entry.path, new TextDecoder().decode(entry.content)])).toEqual([
      ['a.txt', 'three!'],
    ]);
    expect(await workspace.usedBytes('c')).toBe(6);
    expect((await workspace.list('d')).map((entry) => entry.path)).toEqual(['a.txt']);
    db.close();
  });

  it('refuses a change past the size limit and leaves the old files whole', async () => {
    const db = database();
    const workspace = new WorkspaceRepository(db);
    await workspace.apply('c', { writes: [file('a.txt', '12345')], deletes: [] }, 10);
    const refused = workspace.apply('c', { writes: [file('b.txt', '1234567')], deletes: [] }, 10);
    await expect(refused).rejects.toBeInstanceOf(WorkspaceFullError);
    await expect(refused).rejects.toThrow(/nothing was written/);
    expect((await workspace.list('c')).map((entry) => entry.path)).toEqual(['a.txt']);
    // Replacing a file counts its old size as freed.
    await workspace.apply('c', { writes: [file('a.txt', '1234567890')], deletes: [] }, 10);
    expect(await workspace.usedBytes('c')).toBe(10);
    db.close();
  });

  it('goes with its conversation when the conversation is deleted', async () => {
    const db = database();
    await db.conversations.put({ id: 'c', title: 't', status: 'idle', createdAt: 0, updatedAt: 0 });
    const workspace = new WorkspaceRepository(db);
    await workspace.apply('c', { writes: [file('a.txt', 'x')], deletes: [] }, 100);
    await new ConversationRepository(db).delete('c');
    expect(await workspace.list('c')).toEqual([]);
    db.close();
  });
});

import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import { factoryThatFailsToOpen } from '@/shared/storage/close-fixtures.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { WorkspaceReader } from './workspace-reader.ts';

const file = (conversationId: string, path: string, text: string): WorkspaceFile => {
  const content = new TextEncoder().encode(text);
  return { conversationId, path, kind: 'file', content, size: content.byteLength, modifiedAt: 7 };
};

describe('WorkspaceReader', () => {
  it('lists one conversation’s entries without their bytes and reads a file', async () => {
    const database = new SandpiperDatabase(`reader-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const writer = new WorkspaceRepository(database);
    await writer.apply(
      'c',
      { writes: [file('c', 'b/two.txt', 'two'), file('c', 'a.txt', 'one!')], deletes: [] },
      1e6,
    );
    await writer.apply('d', { writes: [file('d', 'other.txt', 'other')], deletes: [] }, 1e6);
    await database.files.put({ conversationId: 'c', path: 'broken', kind: 'socket', size: -1 });

    const reader = new WorkspaceReader(database);
    expect(await reader.listEntries('c')).toEqual([
      { path: 'a.txt', kind: 'file', size: 4, modifiedAt: 7 },
      { path: 'b/two.txt', kind: 'file', size: 3, modifiedAt: 7 },
    ]);
    const read = await reader.readFile('c', 'b/two.txt');
    expect(new TextDecoder().decode(read?.content)).toBe('two');
    expect(await reader.readFile('c', 'other.txt')).toBeNull();
  });

  it('lists only the entries under a folder, of one conversation', async () => {
    const database = new SandpiperDatabase(`reader-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const writer = new WorkspaceRepository(database);
    await writer.apply(
      'c',
      {
        writes: [
          file('c', 'skills-draft/greet/SKILL.md', 'x'),
          file('c', 'skills-draft/greet/scripts/hello.sh', 'y'),
          file('c', 'skills-drafts.md', 'not inside'),
          file('c', 'skills/x.md', 'z'),
        ],
        deletes: [],
      },
      1e6,
    );
    await writer.apply('d', { writes: [file('d', 'skills-draft/other/SKILL.md', 'o')], deletes: [] }, 1e6);
    const reader = new WorkspaceReader(database);
    expect((await reader.listEntriesUnder('c', 'skills-draft')).map((entry) => entry.path)).toEqual([
      'skills-draft/greet/SKILL.md',
      'skills-draft/greet/scripts/hello.sh',
    ]);
  });

  it('reads the backup copy while the database cannot be opened (a full disk), and the database once it can', async () => {
    const { factory, state } = factoryThatFailsToOpen();
    const database = new SandpiperDatabase(`reader-${randomUUID()}`, { indexedDB: factory, IDBKeyRange });
    const copied = file('c', 'notes/todo.md', 'from the copy');
    const reader = new WorkspaceReader(database, {
      entries: async (id) =>
        id === 'c' ? [{ path: copied.path, kind: 'file', size: 13, modifiedAt: 7 }] : null,
      file: async (id, path) => (id === 'c' && path === copied.path ? copied : null),
    });
    expect(await reader.listEntries('c')).toEqual([
      { path: 'notes/todo.md', kind: 'file', size: 13, modifiedAt: 7 },
    ]);
    expect(await reader.listEntriesUnder('c', 'notes')).toHaveLength(1);
    expect(await reader.listEntriesUnder('c', 'other')).toEqual([]);
    expect(new TextDecoder().decode((await reader.readFile('c', 'notes/todo.md'))?.content)).toBe(
      'from the copy',
    );
    expect((await reader.readAll('c')).map((entry) => entry.path)).toEqual(['notes/todo.md']);
    // No copy of that conversation: the database's own error stands.
    await expect(reader.listEntries('d')).rejects.toThrow(/backing store/);

    state.failing = false;
    await new WorkspaceRepository(database).apply(
      'c',
      { writes: [file('c', 'a.txt', 'saved')], deletes: [] },
      1e6,
    );
    expect((await reader.listEntries('c')).map((entry) => entry.path)).toEqual(['a.txt']);
    database.close();
  });
});

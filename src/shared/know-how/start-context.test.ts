import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryRow } from '../protocol/know-how.ts';
import { SandpiperDatabase } from '../storage/db.ts';
import { KnowHowRepository } from '../storage/know-how-repository.ts';
import { startContextFor } from './start-context.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

function memory(id: string, text: string, createdAt: number, change: Partial<MemoryRow> = {}): MemoryRow {
  return { id, text, source: { kind: 'person' }, enabled: true, createdAt, updatedAt: createdAt, ...change };
}

describe('startContextFor: memories', () => {
  it('carries the saved memories that are on, oldest first; proposals and those switched off stay out', async () => {
    database = new SandpiperDatabase(`start-context-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const knowHow = new KnowHowRepository(database);
    await knowHow.memories.put(memory('b', 'Works in Berlin', 2, { state: 'saved' }));
    await knowHow.memories.put(memory('a', 'Prefers metric units', 1));
    await knowHow.memories.put(memory('off', 'Likes tea', 3, { enabled: false }));
    await knowHow.memories.put(
      memory('proposed', 'Writes in British English', 4, {
        state: 'proposed',
        source: { kind: 'conversation', conversationId: 'c1', title: 'Trip' },
      }),
    );
    const context = await startContextFor(knowHow, null);
    expect(context.memories).toEqual([
      { id: 'a', text: 'Prefers metric units' },
      { id: 'b', text: 'Works in Berlin' },
    ]);
  });
});

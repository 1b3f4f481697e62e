import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MEMORY_LENGTH, type MemoryRow } from '@/shared/protocol/know-how.ts';
import { SandpiperDatabase } from '@/shared/storage/db.ts';
import { KnowHowRepository } from '@/shared/storage/know-how-repository.ts';
import { SettingsRepository } from '@/shared/storage/settings-repository.ts';
import {
  addedByYouText,
  checkMemoryText,
  createMemoryStore,
  type MemoryStore,
  proposalsOf,
  savedMemories,
} from './memory-store.ts';

function memory(id: string, createdAt: number, change: Partial<MemoryRow> = {}): MemoryRow {
  return {
    id,
    text: id,
    source: { kind: 'person' },
    enabled: true,
    createdAt,
    updatedAt: createdAt,
    ...change,
  };
}

const fromConversation = (conversationId: string) =>
  ({ kind: 'conversation', conversationId, title: 'Trip' }) as const;

describe('checkMemoryText', () => {
  it('trims, and refuses an empty text, one too long and one remembered already, saying why', () => {
    expect(checkMemoryText('  Prefers metric units ')).toEqual({ ok: true, text: 'Prefers metric units' });
    expect(checkMemoryText('   ')).toEqual({ ok: false, reason: 'Write what to remember first.' });
    const long = checkMemoryText('a'.repeat(MAX_MEMORY_LENGTH + 1));
    expect(long.ok).toBe(false);
    expect(!long.ok && long.reason).toContain(`at most ${MAX_MEMORY_LENGTH} characters (this one has 501)`);
    expect(checkMemoryText('a'.repeat(MAX_MEMORY_LENGTH)).ok).toBe(true);
    expect(checkMemoryText('likes  TEA', [{ text: 'Likes tea' }])).toEqual({
      ok: false,
      reason: 'That is remembered already.',
    });
  });
});

describe('what the Memory page and the proposal card list', () => {
  const rows = [
    memory('old', 1),
    memory('new', 3, { state: 'saved' }),
    memory('p2', 5, { state: 'proposed', source: fromConversation('c1') }),
    memory('p1', 4, { state: 'proposed', source: fromConversation('c1') }),
    memory('elsewhere', 6, { state: 'proposed', source: fromConversation('c2') }),
  ];

  it('lists saved memories newest first, proposals apart', () => {
    expect(savedMemories(rows).map((row) => row.id)).toEqual(['new', 'old']);
  });

  it('shows a conversation only its own proposals, oldest first', () => {
    expect(proposalsOf(rows, 'c1').map((row) => row.id)).toEqual(['p1', 'p2']);
    expect(proposalsOf(rows, null)).toEqual([]);
  });

  it('says when the person added a memory', () => {
    expect(addedByYouText(Date.UTC(2026, 10, 27, 12), 'en-GB')).toBe('Added by you · 27 Nov');
  });
});

describe('the memory store', () => {
  let database: SandpiperDatabase;
  let store: MemoryStore;
  afterEach(() => {
    store?.dispose();
    database?.close();
  });

  function open() {
    database = new SandpiperDatabase(`memory-store-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const knowHow = new KnowHowRepository(database);
    const settings = new SettingsRepository(database);
    let id = 0;
    store = createMemoryStore(knowHow, settings, { now: () => 100, newId: () => `m${++id}` });
    return { knowHow, settings };
  }

  it('adds, edits, switches off and deletes a memory the person typed', async () => {
    const { knowHow } = open();
    const added = await store.add(' Prefers metric units ');
    expect(await knowHow.memories.get(added.id)).toMatchObject({
      text: 'Prefers metric units',
      source: { kind: 'person' },
      state: 'saved',
      enabled: true,
    });
    await store.edit(added.id, 'Prefers metric units and 24-hour time');
    await store.setEnabled(added.id, false);
    expect(await knowHow.memories.get(added.id)).toMatchObject({
      text: 'Prefers metric units and 24-hour time',
      enabled: false,
    });
    await store.remove(added.id);
    expect(await knowHow.memories.list()).toEqual([]);
  });

  it('refuses what cannot be kept, and an edit of a memory deleted meanwhile', async () => {
    const { knowHow } = open();
    await expect(store.add('')).rejects.toThrow('Write what to remember first.');
    const added = await store.add('Likes tea');
    await expect(store.add('likes tea')).rejects.toThrow('That is remembered already.');
    await expect(store.edit(added.id, 'Likes tea ')).resolves.toBeUndefined();
    await knowHow.memories.delete(added.id);
    await expect(store.edit(added.id, 'Likes coffee')).rejects.toThrow('This memory no longer exists.');
  });

  it('keeps a proposal the person remembers, and forgets one turned down', async () => {
    const { knowHow } = open();
    await knowHow.memories.put(memory('p1', 1, { state: 'proposed', source: fromConversation('c1') }));
    await knowHow.memories.put(memory('p2', 2, { state: 'proposed', source: fromConversation('c1') }));
    await store.remember('p1');
    await store.remove('p2');
    const rows = await knowHow.memories.list();
    expect(rows.map((row) => [row.id, row.state])).toEqual([['p1', 'saved']]);
  });

  it('takes a fact the agent only proposed as new, and answers that proposal with it', async () => {
    const { knowHow } = open();
    await knowHow.memories.put(memory('Likes tea', 1, { state: 'proposed', source: fromConversation('c1') }));
    const added = await store.add('likes tea');
    expect((await knowHow.memories.list()).map((row) => [row.id, row.state])).toEqual([[added.id, 'saved']]);
  });

  it('keeps the choice to save proposals without asking', async () => {
    const { settings } = open();
    await store.setSaveWithoutAsking(true);
    expect(await settings.getMemoryPreferences()).toEqual({ saveProposalsWithoutAsking: true });
  });
});

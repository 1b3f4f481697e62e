import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { ConversationRepository } from './conversation-repository.ts';
import { latestSchemaVersion, SandpiperDatabase, SCHEMA_VERSIONS } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { SettingsRepository } from './settings-repository.ts';

const options = { indexedDB, IDBKeyRange };

/**
 * Migration harness: opens a database at `version`, lets `seed` write rows in that
 * version's shape, closes it, and reopens it at the latest version.
 */
async function migrateFrom(version: number, seed: (database: SandpiperDatabase) => Promise<void>) {
  const name = `migration-${randomUUID()}`;
  const old = new SandpiperDatabase(name, { ...options, upToVersion: version });
  await old.open();
  await seed(old);
  old.close();
  const latest = new SandpiperDatabase(name, options);
  await latest.open();
  return latest;
}

describe('schema versions', () => {
  it('are numbered upward without gaps', () => {
    expect(SCHEMA_VERSIONS.map((schema) => schema.version)).toEqual(
      SCHEMA_VERSIONS.map((_, index) => index + 1),
    );
  });

  it('v1 rows survive opening at the latest version and parse', async () => {
    const database = await migrateFrom(1, async (v1) => {
      await v1.conversations.put({ id: 'c1', title: 'Notes', status: 'done', createdAt: 1, updatedAt: 2 });
      await v1.events.put({
        conversationId: 'c1',
        seq: 0,
        at: 1,
        body: { type: 'user_message', text: 'Build a notes app' },
      });
      // Settings as v1 saved them: one provider, flat.
      await v1.settings.put({
        key: 'agent',
        value: { baseUrl: 'http://localhost:11434/v1', apiKey: '', model: 'm', stepBudget: 7 },
      });
    });
    expect(database.verno).toBe(latestSchemaVersion());
    expect(await new ConversationRepository(database).get('c1')).toMatchObject({ title: 'Notes' });
    expect(await new EventRepository(database).list('c1')).toHaveLength(1);
    const settings = await new SettingsRepository(database).getAgentSettings();
    expect(settings.providers).toEqual([
      expect.objectContaining({ id: 'saved', name: 'Ollama', presetId: 'ollama', model: 'm', apiKey: '' }),
    ]);
    expect(settings).toMatchObject({ activeProviderId: 'saved', stepBudget: 7 });
    database.close();
  });

  it('v2 adds an empty files table beside the v1 data', async () => {
    const database = await migrateFrom(1, async (v1) => {
      await v1.conversations.put({ id: 'c1', title: 'Notes', status: 'idle', createdAt: 1, updatedAt: 1 });
    });
    expect(database.tables.map((table) => table.name).sort()).toEqual([
      'conversations',
      'events',
      'files',
      'plans',
      'settings',
    ]);
    expect(await database.files.count()).toBe(0);
    expect(await new ConversationRepository(database).get('c1')).toMatchObject({ title: 'Notes' });
    database.close();
  });
});

describe('repositories', () => {
  it('refuse rows that do not match their schema', async () => {
    const database = new SandpiperDatabase(`rows-${randomUUID()}`, options);
    await database.events.put({ conversationId: 'c', seq: 0, at: 0, body: { type: 'bogus' } });
    await expect(new EventRepository(database).list('c')).rejects.toThrow();
    await database.conversations.put({ id: 'broken', title: 3 });
    expect(await new ConversationRepository(database).list()).toEqual([]);
    database.close();
  });

  it('keep valid settings fields and fall back to defaults for invalid ones', async () => {
    const database = new SandpiperDatabase(`settings-${randomUUID()}`, options);
    await database.settings.put({
      key: 'agent',
      value: { maxRetries: 5, stepBudget: -4, providers: [], activeProviderId: 'gone' },
    });
    const settings = await new SettingsRepository(database).getAgentSettings();
    expect(settings.maxRetries).toBe(5);
    expect(settings.stepBudget).toBe(DEFAULT_SETTINGS.stepBudget);
    // No providers is not valid: the default provider stays, and is the active one.
    expect(settings.providers).toEqual(DEFAULT_SETTINGS.providers);
    expect(settings.activeProviderId).toBe(DEFAULT_SETTINGS.activeProviderId);
    await expect(
      new SettingsRepository(database).putAgentSettings({ ...settings, stepBudget: 0 }),
    ).rejects.toThrow();
    database.close();
  });

  it('delete a conversation with its events and plan', async () => {
    const database = new SandpiperDatabase(`delete-${randomUUID()}`, options);
    await database.conversations.put({ id: 'c', title: 't', status: 'idle', createdAt: 0, updatedAt: 0 });
    await database.events.put({
      conversationId: 'c',
      seq: 0,
      at: 0,
      body: { type: 'user_message', text: 'x' },
    });
    await database.plans.put({ conversationId: 'c' });
    await new ConversationRepository(database).delete('c');
    expect(await database.events.count()).toBe(0);
    expect(await database.plans.count()).toBe(0);
    expect(await database.conversations.count()).toBe(0);
    database.close();
  });
});

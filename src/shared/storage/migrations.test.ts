import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { localDay } from '../protocol/spend.ts';
import { ConversationRepository } from './conversation-repository.ts';
import { latestSchemaVersion, SandpiperDatabase, SCHEMA_VERSIONS } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { migrateFrom } from './migration-fixtures.ts';
import { PreviewStorageRepository } from './preview-storage-repository.ts';
import { SettingsRepository } from './settings-repository.ts';
import { SpendLedger } from './spend-ledger.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

const options = { indexedDB, IDBKeyRange };

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
      'blobs',
      'checkpoints',
      'conversations',
      'events',
      'fileChanges',
      'files',
      'memories',
      'plans',
      'previewStorage',
      'projects',
      'rewinds',
      'schedules',
      'settings',
      'skills',
      'spend',
    ]);
    expect(await database.files.count()).toBe(0);
    expect(await new ConversationRepository(database).get('c1')).toMatchObject({ title: 'Notes' });
    database.close();
  });
});

describe('schema v3: tool profiles', () => {
  const turn = (id: string, name: string, args: string) => ({
    type: 'assistant_turn',
    text: '',
    toolCalls: [{ id, name, arguments: args }],
    usage: null,
    model: 'm',
  });
  const envelope = (toolCallId: string | null, uuid: string, status: string, actionType: string) => ({
    type: 'envelope',
    toolCallId,
    envelope: {
      uuid,
      status,
      content: status,
      meta: { action_type: actionType, tool: actionType.split('.')[0] },
    },
  });
  /** A v2 log: the bodies in order, as v2 stored them (no roles, no arguments). */
  const putLog = async (database: SandpiperDatabase, conversationId: string, bodies: object[]) => {
    await database.conversations.put({
      id: conversationId,
      title: 't',
      status: 'asking',
      createdAt: 1,
      updatedAt: 1,
    });
    await database.events.bulkPut(bodies.map((body, seq) => ({ conversationId, seq, at: seq, body })));
  };

  it('gives older conversations the Manus profile, and their events the roles, kinds and arguments of their actions', async () => {
    const database = await migrateFrom(2, async (v2) => {
      await putLog(v2, 'c1', [
        { type: 'user_message', text: 'Build it' },
        turn('call_1', 'message', '{"type":"info","text":"On it"}'),
        envelope('call_1', 'u1', 'running', 'message.info'),
        envelope('call_1', 'u1', 'success', 'message.info'),
        turn('call_2', 'shell', '{"action":"exec","session":"main","command":"ls"}'),
        envelope('call_2', 'u2', 'running', 'shell.exec'),
        envelope('call_2', 'u2', 'success', 'shell.exec'),
        turn('call_3', 'message', '{"type":"ask","text":"Which?"}'),
        envelope('call_3', 'u3', 'running', 'message.ask'),
        envelope('call_3', 'u3', 'asking', 'message.ask'),
        // The runtime's own question: no model call.
        envelope(null, 'u4', 'running', 'message.ask'),
        turn('call_5', 'teleport', '{not json'),
        envelope('call_5', 'u5', 'running', 'teleport'),
      ]);
      // Another conversation reusing a call id, with other arguments.
      await putLog(v2, 'c2', [
        turn('call_1', 'plan', '{"action":"advance","next_phase_id":2}'),
        envelope('call_1', 'v1', 'running', 'plan.advance'),
      ]);
    });
    expect(await new ConversationRepository(database).get('c1')).toMatchObject({ profileId: 'manus' });
    const bodies = (await new EventRepository(database).list('c1')).map((event) => event.body);
    const action = (index: number) => {
      const body = bodies[index];
      if (body?.type !== 'envelope') throw new Error(`event ${index} is not an envelope`);
      return { role: body.role, metaKind: body.metaKind, arguments: body.arguments };
    };
    expect(action(2)).toEqual({
      role: 'inform',
      metaKind: 'message',
      arguments: { type: 'info', text: 'On it' },
    });
    expect(action(3)).toEqual({ role: 'inform', metaKind: 'message', arguments: undefined });
    expect(action(5)).toEqual({
      role: undefined,
      metaKind: 'shell',
      arguments: { action: 'exec', session: 'main', command: 'ls' },
    });
    expect(action(9)).toMatchObject({ role: 'ask', metaKind: 'message' });
    expect(action(10)).toEqual({ role: 'ask', metaKind: 'message', arguments: undefined });
    // An unknown tool has no kind, and arguments that are not JSON are not made up.
    expect(action(12)).toEqual({ role: undefined, metaKind: undefined, arguments: undefined });
    const [, other] = (await new EventRepository(database).list('c2')).map((event) => event.body);
    expect(other).toMatchObject({
      role: 'plan',
      metaKind: 'plan',
      arguments: { action: 'advance', next_phase_id: 2 },
    });
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

  it('v4 adds an empty schedules table; a v3 conversation still parses, without a schedule link', async () => {
    const database = await migrateFrom(3, async (v3) => {
      await v3.conversations.put({
        id: 'c1',
        title: 'Notes',
        status: 'done',
        createdAt: 1,
        updatedAt: 2,
        profileId: 'manus',
      });
    });
    expect(database.verno).toBe(latestSchemaVersion());
    expect(await database.schedules.count()).toBe(0);
    const conversation = await new ConversationRepository(database).get('c1');
    expect(conversation).toMatchObject({ id: 'c1', profileId: 'manus' });
    expect(conversation?.scheduled).toBeUndefined();
    database.close();
  });

  it('v5 builds the spend ledger from the events already stored, per local day, conversation and provider', async () => {
    const late = new Date(2026, 10, 26, 23, 0).getTime();
    const early = new Date(2026, 10, 27, 1, 0).getTime();
    const turn = (seq: number, at: number, usage: unknown) => ({
      conversationId: 'c1',
      seq,
      at,
      body: { type: 'assistant_turn', text: '', toolCalls: [], usage, model: 'm' },
    });
    const database = await migrateFrom(4, async (v4) => {
      const row = { title: 'Notes', status: 'done', createdAt: 1, updatedAt: 2, profileId: 'manus' };
      await v4.conversations.bulkPut([
        { id: 'c1', ...row, providerId: 'openai' },
        { id: 'c2', ...row },
      ]);
      await v4.events.bulkPut([
        { conversationId: 'c1', seq: 0, at: late, body: { type: 'user_message', text: 'Task' } },
        turn(1, late, { prompt: 100, completion: 10, cached: 50 }),
        turn(2, early, { prompt: 200, completion: 20, cached: 0 }),
        turn(3, early, null),
        {
          conversationId: 'c1',
          seq: 4,
          at: early,
          body: {
            type: 'envelope',
            toolCallId: 'call',
            envelope: { uuid: 'u', status: 'success', content: '', meta: { action_type: 'x', tool: 'x' } },
            usage: { prompt: 3, completion: 1, cached: 0 },
          },
        },
        { ...turn(0, early, { prompt: 7, completion: 7, cached: 0 }), conversationId: 'c2' },
      ]);
    });
    expect(database.verno).toBe(latestSchemaVersion());
    const ledger = new SpendLedger(database);
    expect(await ledger.day(localDay(late))).toEqual([
      {
        day: localDay(late),
        conversationId: 'c1',
        providerId: 'openai',
        prompt: 100,
        completion: 10,
        cached: 50,
      },
    ]);
    expect(await ledger.day(localDay(early))).toEqual([
      {
        day: localDay(early),
        conversationId: 'c1',
        providerId: 'openai',
        prompt: 203,
        completion: 21,
        cached: 0,
      },
      { day: localDay(early), conversationId: 'c2', providerId: '', prompt: 7, completion: 7, cached: 0 },
    ]);
    database.close();
  });
});

describe('schema v6: preview storage', () => {
  it('adds an empty previewStorage table; a conversation deleted later takes its rows with it, a gone one keeps none', async () => {
    const database = await migrateFrom(5, async (v5) => {
      await v5.conversations.put({ id: 'c1', title: 'Notes', status: 'idle', createdAt: 1, updatedAt: 1 });
    });
    expect(await database.previewStorage.count()).toBe(0);
    await database.conversations.put({
      id: 'c2',
      title: 'Other',
      status: 'idle',
      createdAt: 1,
      updatedAt: 1,
    });
    const previews = new PreviewStorageRepository(database);
    await previews.save('c1', 'notes-app', 'local', '[["notes","[]"]]', 5);
    await previews.save('c1', 'notes-app', 'session', '[]', 5);
    await previews.save('c2', 'notes-app', 'local', '[["other","1"]]', 5);
    await previews.save('gone', 'notes-app', 'local', '[["late","write"]]', 5);
    expect(await previews.site('gone', 'notes-app')).toEqual([]);
    expect((await previews.lasting('c1')).map((row) => row.area)).toEqual(['local']);
    await previews.endSessions();
    expect((await previews.site('c1', 'notes-app')).map((row) => row.area)).toEqual(['local']);
    await new ConversationRepository(database).delete('c1');
    expect(await previews.site('c1', 'notes-app')).toEqual([]);
    expect(await previews.site('c2', 'notes-app')).toHaveLength(1);
    database.close();
  });
});

describe('schema v7: the workspace history', () => {
  it('adds empty history tables; a v6 file has no hash until its first change records it', async () => {
    const content = new TextEncoder().encode('from v6');
    const database = await migrateFrom(6, async (v6) => {
      await v6.files.put({
        conversationId: 'c1',
        path: 'a.txt',
        kind: 'file',
        content,
        size: 7,
        modifiedAt: 1,
      });
    });
    expect([
      await database.blobs.count(),
      await database.fileChanges.count(),
      await database.checkpoints.count(),
    ]).toEqual([0, 0, 0]);
    const workspace = new WorkspaceRepository(database);
    expect((await workspace.read('c1', 'a.txt'))?.content).toEqual(content);
    const edited = new TextEncoder().encode('edited');
    await workspace.apply(
      'c1',
      {
        writes: [
          { conversationId: 'c1', path: 'a.txt', kind: 'file', content: edited, size: 6, modifiedAt: 2 },
        ],
        deletes: [],
      },
      1000,
    );
    expect(await database.blobs.count()).toBe(1);
    expect((await database.fileChanges.toArray())[0]).toMatchObject({
      path: 'a.txt',
      before: { kind: 'file', size: 7 },
    });
    database.close();
  });
});

describe('schema v8: a rewind that can be undone', () => {
  it('adds an empty rewinds table; deleting a conversation deletes its pending rewind', async () => {
    const database = await migrateFrom(7, async (v7) => {
      await v7.conversations.put({
        id: 'c1',
        title: 'Task',
        status: 'idle',
        createdAt: 1,
        updatedAt: 1,
        profileId: 'manus',
      });
    });
    expect(await database.rewinds.count()).toBe(0);
    await database.rewinds.put({ conversationId: 'c1', atSeq: 0 });
    await new ConversationRepository(database).delete('c1');
    expect(await database.rewinds.count()).toBe(0);
    database.close();
  });
});

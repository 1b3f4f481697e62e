import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, setupFromPreset } from '../protocol/providers.ts';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { SandpiperDatabase } from './db.ts';
import { SettingsRepository } from './settings-repository.ts';

let database: SandpiperDatabase;
afterEach(() => database?.close());

const preset = (id: string) => PROVIDER_PRESETS.find((candidate) => candidate.id === id)!;

/** The agent settings row as an earlier version wrote it: no `toolCallDefaults`. */
async function savedBefore(providers: unknown[]): Promise<SettingsRepository> {
  database = new SandpiperDatabase(`settings-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const { toolCallDefaults: _now, ...older } = DEFAULT_SETTINGS;
  const activeProviderId = (providers[0] as { id: string }).id;
  await database.settings.put({ key: 'agent', value: { ...older, providers, activeProviderId } });
  return new SettingsRepository(database);
}

describe('reading settings an earlier version saved', () => {
  it('moves a hosted preset’s Native (the old default) to Auto, and keeps every other choice', async () => {
    const repository = await savedBefore([
      { ...setupFromPreset(preset('openai'), 'a'), toolCalls: 'native' },
      { ...setupFromPreset(preset('groq'), 'b'), toolCalls: 'constrained' },
      { ...setupFromPreset(preset('ollama'), 'c'), toolCalls: 'native' },
      { ...setupFromPreset(preset('openai'), 'd'), presetId: null, toolCalls: 'native' },
      (({ toolCalls: _absent, ...rest }) => rest)(setupFromPreset(preset('mistral'), 'e')),
    ]);
    const settings = await repository.getAgentSettings();
    expect(settings.providers.map((provider) => [provider.id, provider.toolCalls])).toEqual([
      ['a', 'auto'],
      ['b', 'constrained'],
      // A local preset's or a custom provider's Native was chosen by the person: kept.
      ['c', 'native'],
      ['d', 'native'],
      ['e', undefined],
    ]);
  });

  it('once saved again, a Native chosen on a hosted preset is kept', async () => {
    const repository = await savedBefore([
      { ...setupFromPreset(preset('openai'), 'a'), toolCalls: 'native' },
    ]);
    const read = await repository.getAgentSettings();
    expect(read.toolCallDefaults).toBe(2);
    await repository.putAgentSettings({
      ...read,
      providers: read.providers.map((provider) => ({ ...provider, toolCalls: 'native' })),
    });
    expect((await repository.getAgentSettings()).providers[0]?.toolCalls).toBe('native');
  });

  it('drops the OpenAI provider older versions put in every fresh install while it is untouched', async () => {
    // As older versions saved it: the preset under the id `openai`, no key, Native (their default then).
    const untouched = { ...setupFromPreset(preset('openai'), 'openai'), toolCalls: 'native' };
    const alone = await (await savedBefore([untouched])).getAgentSettings();
    expect(alone.providers).toEqual([]);
    expect(alone.activeProviderId).toBe('');
    database.close();

    // Beside a provider the person added, that one stays and becomes the one new conversations use.
    const ollama = setupFromPreset(preset('ollama'), 'o');
    const beside = await (await savedBefore([untouched, ollama])).getAgentSettings();
    expect(beside.providers.map((provider) => provider.id)).toEqual(['o']);
    expect(beside.activeProviderId).toBe('o');
    database.close();

    // Touched in any way (a key, a name, an address, a model, prices), it is the person's: kept.
    for (const touched of [
      { apiKey: 'sk-1' },
      { name: 'Work' },
      { baseUrl: 'http://127.0.0.1:8080/v1' },
      { model: 'gpt-4.1' },
      { prices: { inputPerMillion: 1, cachedInputPerMillion: 1, outputPerMillion: 1 } },
    ]) {
      const kept = await (await savedBefore([{ ...untouched, ...touched }])).getAgentSettings();
      expect(kept.providers.map((provider) => provider.id)).toEqual(['openai']);
      database.close();
    }
  });

  it('reads a fresh install, with nothing saved, as no provider at all', async () => {
    database = new SandpiperDatabase(`settings-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const settings = await new SettingsRepository(database).getAgentSettings();
    expect(settings.providers).toEqual([]);
    expect(settings.activeProviderId).toBe('');
  });

  it('new providers default to Auto, hosted or local', () => {
    for (const candidate of PROVIDER_PRESETS) {
      expect(setupFromPreset(candidate, candidate.id).toolCalls).toBe('auto');
    }
  });
});

describe('what was learned about servers', () => {
  it('forgets one provider’s record and keeps the others’', async () => {
    database = new SandpiperDatabase(`settings-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const repository = new SettingsRepository(database);
    const record = {
      baseUrl: 'http://x/v1',
      model: 'm',
      toolCalls: 'constrained' as const,
      forcing: 'by_grammar' as const,
      windowTokens: 8192,
      vision: null,
      systemRole: true,
      findings: [{ text: 'said', at: 1 }],
      learnedAt: 1,
    };
    await repository.putServerCapabilities('a', record);
    await repository.putServerCapabilities('b', record);
    await repository.forgetServerCapabilities('a');
    expect(Object.keys(await repository.getServerCapabilities())).toEqual(['b']);
  });
});

describe('the MCP servers’ last statuses', () => {
  const fresh = () => {
    database = new SandpiperDatabase(`settings-${randomUUID()}`, { indexedDB, IDBKeyRange });
    return new SettingsRepository(database);
  };
  const url = 'https://tools.example/mcp';

  it('keeps each finder’s row apart and reads the newer status of each server', async () => {
    const repository = fresh();
    expect(await repository.getMcpStatuses()).toEqual({});
    await repository.putMcpStatuses('test', {
      a: { ok: true, toolCount: 3, url, at: 100, source: 'test' },
      b: { ok: true, toolCount: 1, url, at: 500, source: 'test' },
    });
    await repository.putMcpStatuses('conversation', {
      a: { ok: false, message: 'Could not reach it.', url, at: 200, source: 'conversation' },
      b: { ok: false, message: 'Refused.', url, at: 300, source: 'conversation' },
    });
    expect(await repository.getMcpStatuses()).toEqual({
      a: { ok: false, message: 'Could not reach it.', url, at: 200, source: 'conversation' },
      b: { ok: true, toolCount: 1, url, at: 500, source: 'test' },
    });
    // A later test of one server keeps the other's.
    await repository.putMcpStatuses('test', { a: { ok: true, toolCount: 4, url, at: 900, source: 'test' } });
    const statuses = await repository.getMcpStatuses();
    expect(statuses.a).toMatchObject({ ok: true, toolCount: 4, source: 'test' });
    expect(statuses.b).toMatchObject({ at: 500 });
  });

  it('stamps each status with the row it is written to, and drops one that no longer reads', async () => {
    const repository = fresh();
    await repository.putMcpStatuses('conversation', {
      a: { ok: true, toolCount: 2, url, at: 1, source: 'test' },
    });
    await database.settings.put({
      key: 'mcp-status-tests',
      value: { b: { ok: 'maybe' }, c: { ok: true, toolCount: 0, url, at: 2, source: 'test' } },
    });
    expect(await repository.getMcpStatuses()).toEqual({
      a: { ok: true, toolCount: 2, url, at: 1, source: 'conversation' },
      c: { ok: true, toolCount: 0, url, at: 2, source: 'test' },
    });
  });
});

describe('how memories are kept', () => {
  it('asks before saving proposals until the person switches that off, and reads a damaged row as the default', async () => {
    database = new SandpiperDatabase(`settings-${randomUUID()}`, { indexedDB, IDBKeyRange });
    const repository = new SettingsRepository(database);
    expect(await repository.getMemoryPreferences()).toEqual({ saveProposalsWithoutAsking: false });
    await repository.putMemoryPreferences({ saveProposalsWithoutAsking: true });
    expect(await repository.getMemoryPreferences()).toEqual({ saveProposalsWithoutAsking: true });
    await database.settings.put({ key: 'memory-preferences', value: { saveProposalsWithoutAsking: 'yes' } });
    expect(await repository.getMemoryPreferences()).toEqual({ saveProposalsWithoutAsking: false });
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, setupFromPreset } from '@/shared/protocol/providers.ts';
import { AgentSettings, DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { SAVED_OPENAI, SETTINGS_WITH_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import { connectHostedProvider, connectLocalServer, hostedModelOf } from './welcome-providers.ts';

const preset = (id: string) => PROVIDER_PRESETS.find((candidate) => candidate.id === id)!;

describe('connectLocalServer', () => {
  it('adds a provider named after what answered, with its model and window, and makes it active', () => {
    const change = connectLocalServer(
      SETTINGS_WITH_OPENAI,
      {
        baseUrl: 'http://127.0.0.1:8080/v1',
        server: 'llama.cpp',
        model: '/models/qwen.gguf',
        windowTokens: 8192,
      },
      'new-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.providerId).toBe('new-id');
    expect(change.settings.activeProviderId).toBe('new-id');
    expect(change.settings.providers).toHaveLength(2);
    expect(change.settings.providers[1]).toMatchObject({
      id: 'new-id',
      name: 'llama.cpp server',
      kind: 'openai-compatible',
      presetId: 'llamacpp',
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: '',
      model: '/models/qwen.gguf',
      contextWindowTokens: 8192,
    });
    // What Save would store: valid settings.
    expect(AgentSettings.safeParse(change.settings).success).toBe(true);
    // The OpenAI provider saved before is kept as it was.
    expect(change.settings.providers[0]).toEqual(SAVED_OPENAI);
  });

  it('makes a server found on a fresh install (no provider saved) the only provider, and active', () => {
    const change = connectLocalServer(
      DEFAULT_SETTINGS,
      { baseUrl: 'http://127.0.0.1:11434/v1', server: 'Ollama', model: 'qwen2.5:7b', windowTokens: null },
      'new-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.settings.providers.map((provider) => [provider.id, provider.name])).toEqual([
      ['new-id', 'Ollama'],
    ]);
    expect(change.settings.activeProviderId).toBe('new-id');
  });

  it('updates a saved provider at the same address (localhost or 127.0.0.1) instead of adding one', () => {
    const ollama = { ...setupFromPreset(preset('ollama'), 'saved-ollama'), model: 'old:1b' };
    const settings = { ...SETTINGS_WITH_OPENAI, providers: [SAVED_OPENAI, ollama] };
    const change = connectLocalServer(
      settings,
      { baseUrl: 'http://127.0.0.1:11434/v1', server: 'Ollama', model: 'qwen2.5:7b', windowTokens: null },
      'unused-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.providerId).toBe('saved-ollama');
    expect(change.settings.activeProviderId).toBe('saved-ollama');
    expect(change.settings.providers).toHaveLength(2);
    expect(change.settings.providers[1]).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      contextWindowTokens: ollama.contextWindowTokens,
    });
  });

  it('names a server that did not say what it is after its port', () => {
    const change = connectLocalServer(
      DEFAULT_SETTINGS,
      { baseUrl: 'http://127.0.0.1:1234/v1', server: null, model: 'm', windowTokens: null },
      'new-id',
    );
    expect(change.ok && change.settings.providers[0]?.name).toBe('Local server :1234');
  });

  it('refuses, as Save does, what would not validate', () => {
    const change = connectLocalServer(
      DEFAULT_SETTINGS,
      { baseUrl: 'http://127.0.0.1:8080/v1', server: 'llama.cpp', model: ' ', windowTokens: null },
      'new-id',
    );
    expect(change).toEqual({ ok: false, message: expect.stringMatching(/model/i) });
  });
});

describe('connectHostedProvider', () => {
  it('puts the key into the saved provider at the preset’s host', () => {
    const change = connectHostedProvider(
      SETTINGS_WITH_OPENAI,
      { preset: preset('openai'), apiKey: '  sk-test  ', model: 'gpt-4o-mini' },
      'unused-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.providerId).toBe(SAVED_OPENAI.id);
    expect(change.settings.providers).toHaveLength(1);
    expect(change.settings.providers[0]).toMatchObject({ apiKey: 'sk-test', model: 'gpt-4o-mini' });
  });

  it('adds OpenAI with its key on a fresh install, where no provider is saved', () => {
    const change = connectHostedProvider(
      DEFAULT_SETTINGS,
      { preset: preset('openai'), apiKey: 'sk-test', model: 'gpt-4o-mini' },
      'new-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.settings.providers).toEqual([{ ...SAVED_OPENAI, id: 'new-id', apiKey: 'sk-test' }]);
    expect(change.settings.activeProviderId).toBe('new-id');
  });

  it('adds a provider from another preset and makes it active', () => {
    const change = connectHostedProvider(
      SETTINGS_WITH_OPENAI,
      { preset: preset('openrouter'), apiKey: 'or-key', model: 'openai/gpt-4o-mini' },
      'new-id',
    );
    if (!change.ok) throw new Error(change.message);
    expect(change.settings.activeProviderId).toBe('new-id');
    expect(change.settings.providers[1]).toMatchObject({
      name: 'OpenRouter',
      presetId: 'openrouter',
      baseUrl: 'https://openrouter.ai/api/v1',
      apiKey: 'or-key',
    });
  });
});

describe('hostedModelOf', () => {
  const openai = preset('openai');
  it('keeps the preset’s model when listed or when nothing is listed, else takes the first listed', () => {
    expect(hostedModelOf(openai, [])).toBe('gpt-4o-mini');
    expect(hostedModelOf(openai, ['gpt-4.1', 'gpt-4o-mini'])).toBe('gpt-4o-mini');
    expect(hostedModelOf(openai, ['gpt-5', 'gpt-5-mini'])).toBe('gpt-5');
  });
});

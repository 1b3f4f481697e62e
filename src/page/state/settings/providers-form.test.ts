import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS } from '@/shared/protocol/providers.ts';
import { AgentSettings, DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { SETTINGS_WITH_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import { validateProvidersForm } from './provider-validation.ts';
import {
  addProvider,
  chooseLocalModel,
  type ProvidersForm,
  providersFormFromSettings,
  removeProvider,
  setActiveProvider,
  updateProvider,
} from './providers-form.ts';

/** The form once the person has added OpenAI (no key yet). */
const initial = providersFormFromSettings(SETTINGS_WITH_OPENAI);

/** The form with Ollama added (id `o`) after the saved OpenAI provider. */
function withOllama(): ProvidersForm {
  return addProvider(initial, 'ollama', 'o');
}

function saved(form: ProvidersForm) {
  const result = validateProvidersForm(form);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('providers form', () => {
  it('round-trips saved providers, prices included', () => {
    const settings = AgentSettings.parse({
      ...SETTINGS_WITH_OPENAI,
      providers: [
        {
          ...SETTINGS_WITH_OPENAI.providers[0]!,
          apiKey: 'sk-1',
          prices: { inputPerMillion: 0.15, cachedInputPerMillion: 0.075, outputPerMillion: 0.6 },
        },
      ],
    });
    expect(saved(providersFormFromSettings(settings))).toEqual({
      ok: true,
      providers: settings.providers,
      activeProviderId: settings.activeProviderId,
    });
  });

  it('maps the Images choice to `vision`: absent for automatic, true or false when said', () => {
    const openai = SETTINGS_WITH_OPENAI.providers[0]!;
    for (const vision of [undefined, true, false]) {
      const settings = AgentSettings.parse({
        ...SETTINGS_WITH_OPENAI,
        providers: [{ ...openai, ...(vision === undefined ? {} : { vision }) }],
      });
      const form = providersFormFromSettings(settings);
      expect(form.providers[0]?.vision).toBe(vision === undefined ? 'auto' : vision ? 'on' : 'off');
      const profile = saved(form).providers[0]!;
      expect(profile).toStrictEqual(settings.providers[0]);
      expect('vision' in profile).toBe(vision !== undefined);
      expect(AgentSettings.parse({ ...settings, providers: [profile] }).providers[0]).toStrictEqual(profile);
    }
    const chosen = (vision: 'auto' | 'on' | 'off') =>
      saved(updateProvider(withOllama(), 'o', { vision })).providers[1]!;
    expect(chosen('on').vision).toBe(true);
    expect(chosen('off').vision).toBe(false);
    expect('vision' in chosen('auto')).toBe(false);
  });

  it('never saves an Images choice for an in-browser provider', () => {
    const { form } = chooseLocalModel(initial, 'm', 'w');
    expect('vision' in saved(updateProvider(form, 'w', { vision: 'on' })).providers[1]!).toBe(false);
  });

  it('adds a provider from a preset with its URL, model and window, without making it active', () => {
    const form = withOllama();
    const ollama = PROVIDER_PRESETS.find((preset) => preset.id === 'ollama')!;
    expect(form.activeProviderId).toBe(initial.activeProviderId);
    expect(saved(form).providers[1]).toEqual({
      id: 'o',
      name: 'Ollama',
      kind: 'openai-compatible',
      presetId: 'ollama',
      baseUrl: ollama.baseUrl,
      apiKey: '',
      model: ollama.defaultModel,
      contextWindowTokens: ollama.contextWindowTokens,
      // A local server's tool-call mode is found out; its window is read from it.
      toolCalls: 'auto',
      useServerWindow: true,
      prices: null,
    });
  });

  it('names a second provider from the same preset apart, and starts a custom one blank', () => {
    const form = addProvider(addProvider(withOllama(), 'ollama', 'o2'), 'custom', 'c');
    expect(form.providers.map((draft) => draft.name)).toEqual(['OpenAI', 'Ollama', 'Ollama 2', 'Custom']);
    expect(form.providers[3]).toMatchObject({
      presetId: null,
      baseUrl: '',
      model: '',
      kind: 'openai-compatible',
    });
    expect(validateProvidersForm(form)).toMatchObject({ ok: false, providerId: 'c', field: 'baseUrl' });
  });

  it('removes any provider, the last one too, and falls back to the first when the active one goes', () => {
    const form = setActiveProvider(withOllama(), 'o');
    expect(form.activeProviderId).toBe('o');
    expect(removeProvider(form, 'o')).toEqual({
      providers: [initial.providers[0]],
      activeProviderId: 'openai-added',
    });
    const keptActive = removeProvider(setActiveProvider(withOllama(), 'o'), 'openai-added');
    expect(keptActive).toMatchObject({ activeProviderId: 'o', providers: [{ id: 'o' }] });
    // None left: nothing is active, and that saves (a fresh install has none either).
    const none = removeProvider(initial, 'openai-added');
    expect(none).toEqual({ providers: [], activeProviderId: '' });
    expect(validateProvidersForm(none)).toEqual({ ok: true, providers: [], activeProviderId: '' });
    expect(removeProvider(none, 'openai-added')).toBe(none);
  });

  it('makes the first provider added to none the one new conversations use', () => {
    const fresh = providersFormFromSettings(DEFAULT_SETTINGS);
    expect(fresh).toEqual({ providers: [], activeProviderId: '' });
    const added = addProvider(fresh, 'ollama', 'o');
    expect(added.activeProviderId).toBe('o');
    // A second one does not take over.
    expect(addProvider(added, 'lmstudio', 'l').activeProviderId).toBe('o');
  });

  it('ignores an unknown id when choosing the active provider', () => {
    expect(setActiveProvider(initial, 'nope')).toBe(initial);
  });

  it('trims what was typed and drops the trailing slash of the base URL', () => {
    const form = updateProvider(withOllama(), 'o', {
      name: ' Home GPU ',
      baseUrl: ' http://192.168.1.5:11434/v1/ ',
      apiKey: ' k ',
      model: ' llama3.1:8b ',
      contextWindowTokens: '131,072',
    });
    expect(saved(form).providers[1]).toMatchObject({
      name: 'Home GPU',
      baseUrl: 'http://192.168.1.5:11434/v1',
      apiKey: 'k',
      model: 'llama3.1:8b',
      contextWindowTokens: 131_072,
    });
  });

  it('names the provider and the field of the first problem', () => {
    const cases: [Parameters<typeof updateProvider>[2], string][] = [
      [{ name: '  ' }, 'name'],
      [{ baseUrl: 'localhost:11434' }, 'baseUrl'],
      [{ baseUrl: 'ftp://example.com' }, 'baseUrl'],
      [{ model: '' }, 'model'],
      [{ contextWindowTokens: '512' }, 'contextWindowTokens'],
      [{ contextWindowTokens: '8k' }, 'contextWindowTokens'],
      [{ inputPrice: '-1', outputPrice: '1' }, 'inputPrice'],
      [{ inputPrice: 'cheap' }, 'inputPrice'],
      [{ outputPrice: '0.6' }, 'inputPrice'],
      [{ inputPrice: '0.15' }, 'outputPrice'],
      [{ inputPrice: '1', cachedInputPrice: 'x', outputPrice: '2' }, 'cachedInputPrice'],
    ];
    for (const [changes, field] of cases) {
      const result = validateProvidersForm(updateProvider(withOllama(), 'o', changes));
      expect(result, JSON.stringify(changes)).toMatchObject({ ok: false, providerId: 'o', field });
      expect(result.ok ? '' : result.message).toMatch(/^(Ollama|A provider)(: | needs a model)/);
    }
  });

  it('names every wrong field of every provider, and says a provider without a model needs one', () => {
    const form = updateProvider(
      updateProvider(withOllama(), 'o', { model: ' ', contextWindowTokens: '12' }),
      'openai-added',
      { baseUrl: 'nowhere' },
    );
    const result = validateProvidersForm(form);
    expect(result.ok ? [] : result.problems).toEqual([
      {
        providerId: 'openai-added',
        field: 'baseUrl',
        message: expect.stringMatching(/^OpenAI: Base URL must be/),
      },
      {
        providerId: 'o',
        field: 'model',
        message:
          'Ollama needs a model, for example gpt-4o-mini (Test connection lists what the server offers).',
      },
      {
        providerId: 'o',
        field: 'contextWindowTokens',
        message: expect.stringMatching(/^Ollama: Context window/),
      },
    ]);
    expect(result).toMatchObject({ ok: false, providerId: 'openai-added', field: 'baseUrl' });
  });

  it('reads prices per million tokens; an empty cached price is the input price', () => {
    const priced = updateProvider(withOllama(), 'o', { inputPrice: '$0.5', outputPrice: '1.5' });
    expect(saved(priced).providers[1]?.prices).toEqual({
      inputPerMillion: 0.5,
      cachedInputPerMillion: 0.5,
      outputPerMillion: 1.5,
    });
    const free = updateProvider(withOllama(), 'o', {
      inputPrice: '0',
      cachedInputPrice: '0',
      outputPrice: '0',
    });
    expect(saved(free).providers[1]?.prices).toEqual({
      inputPerMillion: 0,
      cachedInputPerMillion: 0,
      outputPerMillion: 0,
    });
  });

  it('uses an in-browser model: adds a webllm provider with a 16,384-token window and makes it active', () => {
    const { form, providerId } = chooseLocalModel(withOllama(), 'Qwen2.5-0.5B-Instruct-q0f32-MLC', 'w');
    expect(providerId).toBe('w');
    expect(form.activeProviderId).toBe('w');
    expect(saved(form).providers[2]).toEqual({
      id: 'w',
      name: 'In-browser: Qwen2.5-0.5B-Instruct-q0f32-MLC',
      kind: 'webllm',
      presetId: null,
      baseUrl: '',
      apiKey: '',
      model: 'Qwen2.5-0.5B-Instruct-q0f32-MLC',
      contextWindowTokens: 16_384,
      prices: null,
    });
  });

  it('reuses the provider of a model used before instead of adding another', () => {
    const first = chooseLocalModel(initial, 'm', 'w').form;
    const shrunk = setActiveProvider(updateProvider(first, 'w', { contextWindowTokens: '4096' }), 'openai');
    const again = chooseLocalModel(shrunk, 'm', 'unused');
    expect(again.providerId).toBe('w');
    expect(again.form.providers).toHaveLength(2);
    expect(again.form.activeProviderId).toBe('w');
    expect(again.form.providers[1]?.contextWindowTokens).toBe('16384');
  });

  it('does not ask an in-browser provider for a base URL, and never saves a key for it', () => {
    const { form } = chooseLocalModel(initial, 'm', 'w');
    const typed = updateProvider(form, 'w', { apiKey: 'leaked?' });
    expect(saved(typed).providers[1]).toMatchObject({ baseUrl: '', apiKey: '' });
  });
});

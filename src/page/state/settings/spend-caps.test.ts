import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { draftFromSetup } from './providers-form.ts';
import { unpricedProviders } from './spend-caps.ts';

const base = DEFAULT_SETTINGS.providers[0]!;
const priced = { inputPerMillion: 0.15, cachedInputPerMillion: 0.075, outputPerMillion: 0.6 };

describe('unpricedProviders', () => {
  it('lists remote providers without any price, and in-browser models apart, marking the active one', () => {
    const form = {
      activeProviderId: 'ollama',
      providers: [
        draftFromSetup({ ...base, id: 'openai', name: 'OpenAI', prices: priced }),
        draftFromSetup({ ...base, id: 'ollama', name: 'Ollama', prices: null }),
        draftFromSetup({ ...base, id: 'tab', name: 'Qwen', kind: 'webllm', prices: null }),
        { ...draftFromSetup({ ...base, id: 'typed', name: '  ', prices: null }), outputPrice: '2' },
        draftFromSetup({ ...base, id: 'blank', name: '', prices: null }),
      ],
    };
    expect(unpricedProviders(form)).toEqual({
      withoutPrices: [
        { id: 'ollama', name: 'Ollama', isActive: true },
        { id: 'blank', name: 'Unnamed provider', isActive: false },
      ],
      inBrowser: [{ id: 'tab', name: 'Qwen', isActive: false }],
    });
  });
});

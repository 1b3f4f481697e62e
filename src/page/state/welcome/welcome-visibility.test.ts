// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS, setupFromPreset } from '@/shared/protocol/providers.ts';
import { SAVED_OPENAI } from '@/shared/protocol/settings-fixtures.ts';
import {
  isWelcomeDismissed,
  isWelcomeDue,
  needsProvider,
  rememberWelcomeDismissed,
  WELCOME_DISMISSED_KEY,
  type WelcomeMemory,
} from './welcome-visibility.ts';

const ollama = setupFromPreset(PROVIDER_PRESETS.find((preset) => preset.id === 'ollama')!, 'ollama');

describe('needsProvider', () => {
  it('is true while no provider is saved (a fresh install)', () => {
    expect(needsProvider(null)).toBe(true);
  });

  it('is true for OpenAI added without a key, false once it has one', () => {
    expect(needsProvider(SAVED_OPENAI)).toBe(true);
    expect(needsProvider({ ...SAVED_OPENAI, apiKey: 'sk-x' })).toBe(false);
  });

  it('is false for a local server without a key, or a model in this tab', () => {
    expect(needsProvider(ollama)).toBe(false);
    expect(
      needsProvider({ ...ollama, kind: 'webllm', baseUrl: '', model: 'Llama-3.2-1B-Instruct-q4f32_1-MLC' }),
    ).toBe(false);
  });

  it('is true for an OpenAI-compatible provider without an address or a model', () => {
    expect(needsProvider({ ...ollama, baseUrl: '' })).toBe(true);
    expect(needsProvider({ ...ollama, baseUrl: 'localhost:11434' })).toBe(true);
    expect(needsProvider({ ...ollama, model: '  ' })).toBe(true);
  });
});

describe('isWelcomeDue', () => {
  // A fresh profile: no provider saved.
  const due = { isLoaded: true, hasConversations: false, isDismissed: false, active: null };
  it('shows on a fresh profile once everything is read', () => {
    expect(isWelcomeDue(due)).toBe(true);
    expect(isWelcomeDue({ ...due, isLoaded: false })).toBe(false);
  });

  it('gives way once a conversation exists, once dismissed, or once the provider can answer', () => {
    expect(isWelcomeDue({ ...due, hasConversations: true })).toBe(false);
    expect(isWelcomeDue({ ...due, isDismissed: true })).toBe(false);
    expect(isWelcomeDue({ ...due, active: ollama })).toBe(false);
  });
});

describe('the dismissal', () => {
  function memory(): WelcomeMemory & { items: Map<string, string> } {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    };
  }

  it('is kept and read back, and can be forgotten', () => {
    const kept = memory();
    expect(isWelcomeDismissed(kept)).toBe(false);
    rememberWelcomeDismissed(kept, true);
    expect(kept.items.get(WELCOME_DISMISSED_KEY)).toBe('1');
    expect(isWelcomeDismissed(kept)).toBe(true);
    rememberWelcomeDismissed(kept, false);
    expect(isWelcomeDismissed(kept)).toBe(false);
  });

  it('survives storage that throws', () => {
    const broken: WelcomeMemory = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(isWelcomeDismissed(broken)).toBe(false);
    expect(() => rememberWelcomeDismissed(broken, true)).not.toThrow();
  });
});

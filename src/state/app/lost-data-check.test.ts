import { describe, expect, it } from 'vitest';
import { KNOWN_CONVERSATIONS_KEY, noteConversationCount } from './lost-data-check.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the lost-data check', () => {
  it('says the data was lost when a first load finds none of the conversations seen before', () => {
    const storage = memoryStorage({ [KNOWN_CONVERSATIONS_KEY]: '3' });
    expect(noteConversationCount(storage, 0, true)).toBe(true);
    // Said once: the count is now 0.
    expect(noteConversationCount(storage, 0, true)).toBe(false);
  });

  it('stays quiet for a new browser, for conversations the person deleted, and for later loads', () => {
    expect(noteConversationCount(memoryStorage(), 0, true)).toBe(false);
    const storage = memoryStorage();
    expect(noteConversationCount(storage, 2, true)).toBe(false);
    expect(noteConversationCount(storage, 0, false)).toBe(false);
    expect(noteConversationCount(storage, 0, true)).toBe(false);
    expect(storage.items.get(KNOWN_CONVERSATIONS_KEY)).toBe('0');
  });

  it('stays quiet when storage refuses or holds nonsense', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(noteConversationCount(refusing, 0, true)).toBe(false);
    expect(noteConversationCount(undefined, 0, true)).toBe(false);
    expect(noteConversationCount(memoryStorage({ [KNOWN_CONVERSATIONS_KEY]: 'x' }), 0, true)).toBe(false);
  });
});

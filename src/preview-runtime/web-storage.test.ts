import { describe, expect, it } from 'vitest';
import { createWebStorage } from './web-storage.ts';

describe('a preview page’s localStorage', () => {
  it('reads what was saved, and saves each change whole', () => {
    const saved: string[] = [];
    const storage = createWebStorage('[["notes","[\\"milk\\"]"]]', 1_000, (data) => saved.push(data));
    expect(storage.getItem('notes')).toBe('["milk"]');
    expect(storage.length).toBe(1);
    storage.setItem('theme', 'dark');
    (storage as unknown as Record<string, string>).count = '2';
    expect(storage.getItem('count')).toBe('2');
    expect((storage as unknown as Record<string, string>).theme).toBe('dark');
    expect(Object.keys(storage)).toEqual(['notes', 'theme', 'count']);
    expect('theme' in storage).toBe(true);
    delete (storage as unknown as Record<string, string>).theme;
    expect(storage.getItem('theme')).toBeNull();
    expect(storage.key(1)).toBe('count');
    expect(JSON.parse(saved.at(-1)!)).toEqual([
      ['notes', '["milk"]'],
      ['count', '2'],
    ]);
    storage.clear();
    expect(storage.length).toBe(0);
    expect(saved.at(-1)).toBe('[]');
  });

  it('refuses a value past its quota with QuotaExceededError, keeping what it had', () => {
    const saved: string[] = [];
    const storage = createWebStorage(null, 20, (data) => saved.push(data));
    storage.setItem('a', '1234567890');
    expect(() => storage.setItem('b', '1234567890')).toThrow(
      expect.objectContaining({ name: 'QuotaExceededError' }),
    );
    expect(storage.getItem('b')).toBeNull();
    expect(saved).toHaveLength(1);
  });

  it('starts empty from text it did not write', () => {
    expect(createWebStorage('{"not":"entries"}', 100, () => undefined).length).toBe(0);
    expect(createWebStorage('not json', 100, () => undefined).length).toBe(0);
  });
});

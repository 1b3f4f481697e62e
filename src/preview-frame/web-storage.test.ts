import { describe, expect, it } from 'vitest';
import { createWebStorage } from './web-storage.ts';

describe('a preview page’s localStorage', () => {
  it('reads what was saved, and saves its whole text once per task', async () => {
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
    expect(saved).toEqual([]);
    await Promise.resolve();
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!)).toEqual([
      ['notes', '["milk"]'],
      ['count', '2'],
    ]);
    storage.clear();
    expect(storage.length).toBe(0);
    await Promise.resolve();
    expect(saved.at(-1)).toBe('[]');
    // Names that are not items are the object's own, as on the browser's Storage.
    expect(typeof storage.hasOwnProperty).toBe('function');
    expect(String(storage)).toBe('[object Object]');
  });

  it('refuses a value past its quota (counted on the text saved) with QuotaExceededError, keeping what it had', async () => {
    const saved: string[] = [];
    const storage = createWebStorage(null, 30, (data) => saved.push(data));
    storage.setItem('a', '1234567890');
    expect(() => storage.setItem('b', '1234567890')).toThrow(
      expect.objectContaining({ name: 'QuotaExceededError' }),
    );
    expect(storage.getItem('b')).toBeNull();
    storage.setItem('a', '"quoted"');
    // Twelve quotes are 24 characters once escaped: over the quota, though 12 would fit.
    expect(() => storage.setItem('a', '""""""""""""')).toThrow(
      expect.objectContaining({ name: 'QuotaExceededError' }),
    );
    expect(storage.getItem('a')).toBe('"quoted"');
    await Promise.resolve();
    expect(saved).toEqual(['[["a","\\"quoted\\""]]']);
  });

  it('starts empty from text it did not write', () => {
    expect(createWebStorage('{"not":"entries"}', 100, () => undefined).length).toBe(0);
    expect(createWebStorage('not json', 100, () => undefined).length).toBe(0);
  });
});

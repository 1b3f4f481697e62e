import { describe, expect, it } from 'vitest';
import { SecretVault } from './secret-vault.ts';

describe('the secret vault', () => {
  const vault = new SecretVault({ search: 'sk-live/abc+123', media: 'media-key-0000', empty: '' });

  it('hands out a tool key by name, and null for one not saved', async () => {
    expect(await vault.get('search')).toBe('sk-live/abc+123');
    expect(await vault.get('empty')).toBeNull();
    expect(await vault.get('missing')).toBeNull();
  });

  it('redacts every key, as written and URL-encoded, deep in what it is given', () => {
    const redacted = vault.redact({
      content: 'GET https://x.test/?key=sk-live%2Fabc%2B123 with Bearer sk-live/abc+123',
      meta: { list: ['media-key-0000', 3, null], bytes: new Uint8Array([1]) },
    });
    expect(redacted).toEqual({
      content: 'GET https://x.test/?key=[secret search redacted] with Bearer [secret search redacted]',
      meta: { list: ['[secret media redacted]', 3, null], bytes: new Uint8Array([1]) },
    });
    expect(vault.redact('nothing to hide')).toBe('nothing to hide');
  });

  it('redacts secrets no tool may read (providers’ keys, MCP tokens), and hands out nothing else by name', async () => {
    const guarded = new SecretVault(
      { search: 'sk-live/abc+123' },
      { 'provider:main': 'sk-provider-0123456789' },
    );
    expect(await guarded.get('provider:main')).toBeNull();
    expect(await guarded.get('__proto__')).toBeNull();
    expect(await guarded.get('constructor')).toBeNull();
    expect(guarded.redact('401: bad key sk-provider-0123456789')).toBe(
      '401: bad key [secret provider:main redacted]',
    );
  });

  it('names a key in its note with characters that cannot break JSON or markup', () => {
    expect(new SecretVault({ 'a"b<c>': 'some-long-key' }).redact('x some-long-key')).toBe(
      'x [secret a_b_c_ redacted]',
    );
  });

  it('redacts a thrown error’s message, keeping its name, and a thrown string', () => {
    const redacted = vault.redactError(new TypeError('failed for media-key-0000')) as Error;
    expect(redacted.message).toBe('failed for [secret media redacted]');
    expect(redacted.name).toBe('TypeError');
    const clean = new Error('fine');
    expect(vault.redactError(clean)).toBe(clean);
    expect(vault.redactError('oops media-key-0000')).toBe('oops [secret media redacted]');
  });

  it('redacts a key split across the chunks of a stream, holding back only what could begin one', () => {
    const stream = vault.streamRedactor();
    const chunks = ['token=media-', 'key-00', '00 done; next line is long enough to show\n', 'tail'];
    const shown = chunks.map(stream).join('');
    const whole = vault.redact(chunks.join(''));
    expect(shown).not.toContain('media-');
    expect(shown.startsWith('token=[secret media redacted] done;')).toBe(true);
    expect(whole.startsWith(shown)).toBe(true);
    // What is held back is shorter than the longest key.
    expect(whole.length - shown.length).toBeLessThan('sk-live%2Fabc%2B123'.length);
    // With no keys nothing is held back.
    expect(new SecretVault({}).streamRedactor()('abc')).toBe('abc');
  });

  it('redacts values nested 100,000 deep, and keeps a `__proto__` key a field (found by the runtime fuzz)', () => {
    let deep: unknown = 'media-key-0000';
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 ? { a: deep } : [deep];
    let redacted = vault.redact({ deep }) as Record<string, unknown>;
    for (let level = 0; level <= 100_000; level += 1)
      redacted = Object.values(redacted)[0] as Record<string, unknown>;
    expect(redacted).toBe('[secret media redacted]');
    const hostile = JSON.parse('{"__proto__":{"polluted":"media-key-0000"},"list":[1,null,true]}') as object;
    const copy = vault.redact(hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({
      polluted: '[secret media redacted]',
    });
    expect(copy.list).toEqual([1, null, true]);
    // Keys keep their order (the event bodies and schemas redacted are shown and sent as they were).
    expect(Object.keys(vault.redact({ path: 'a', content: 'b', meta: { z: 1, a: 2 } }) as object)).toEqual([
      'path',
      'content',
      'meta',
    ]);
    expect(Object.keys((vault.redact({ meta: { z: 1, a: 2 } }) as { meta: object }).meta)).toEqual([
      'z',
      'a',
    ]);
  });
});

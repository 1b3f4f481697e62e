import { describe, expect, it } from 'vitest';
import { SecretVault } from './secret-vault.ts';

describe('the secret vault', () => {
  const vault = new SecretVault(
    { search: 'sk-live/abc+123', empty: '' },
    { 'API key of OpenAI': 'sk-openai-999' },
  );

  it('hands out a tool key by name, and null for one not saved', async () => {
    expect(await vault.get('search')).toBe('sk-live/abc+123');
    expect(await vault.get('empty')).toBeNull();
    expect(await vault.get('missing')).toBeNull();
    // A provider's key is redacted but never handed to a tool.
    expect(await vault.get('API key of OpenAI')).toBeNull();
  });

  it('redacts every secret, as written and URL-encoded, deep in what it is given', () => {
    const redacted = vault.redact({
      content: 'GET https://x.test/?key=sk-live%2Fabc%2B123 with Bearer sk-live/abc+123',
      meta: { list: ['sk-openai-999', 3, null], bytes: new Uint8Array([1]) },
    });
    expect(redacted).toEqual({
      content: 'GET https://x.test/?key=[secret search redacted] with Bearer [secret search redacted]',
      meta: { list: ['[secret API key of OpenAI redacted]', 3, null], bytes: new Uint8Array([1]) },
    });
    expect(vault.redact('nothing to hide')).toBe('nothing to hide');
  });

  it('redacts a thrown error’s message, keeping its name', () => {
    const error = new TypeError('failed for sk-openai-999');
    const redacted = vault.redactError(error) as Error;
    expect(redacted.message).toBe('failed for [secret API key of OpenAI redacted]');
    expect(redacted.name).toBe('TypeError');
    const clean = new Error('fine');
    expect(vault.redactError(clean)).toBe(clean);
  });
});

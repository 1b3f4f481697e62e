import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/shared/protocol/settings.ts';
import { validateXForm, xFormFromSettings, xRequestUrl } from './x-form.ts';

const current = { ...DEFAULT_SETTINGS, toolKeys: { brave: 'b-key' } };

describe('Settings → X form', () => {
  it('saves the proxy (trailing slashes dropped) and the token in toolKeys, keeping other keys', () => {
    const result = validateXForm({ proxyUrl: ' https://proxy.example/x/ ', token: ' tok-123 ' }, current);
    expect(result).toMatchObject({
      ok: true,
      settings: {
        x: { proxyUrl: 'https://proxy.example/x' },
        toolKeys: { brave: 'b-key', x_token: 'tok-123' },
      },
    });
    if (result.ok)
      expect(xFormFromSettings(result.settings)).toEqual({
        proxyUrl: 'https://proxy.example/x',
        token: 'tok-123',
      });
  });

  it('clears X when both fields are empty', () => {
    const saved = {
      ...current,
      x: { proxyUrl: 'https://proxy.example/x' },
      toolKeys: { brave: 'b-key', x_token: 't' },
    };
    const result = validateXForm({ proxyUrl: '', token: '  ' }, saved);
    expect(result.ok && result.settings).toEqual({ ...current, toolKeys: { brave: 'b-key' } });
  });

  it('names the field that is wrong', () => {
    const field = (proxyUrl: string, token: string) => {
      const result = validateXForm({ proxyUrl, token }, current);
      return result.ok ? null : result.field;
    };
    expect(field('', 'tok')).toBe('proxyUrl');
    expect(field('not a url', 'tok')).toBe('proxyUrl');
    expect(field('https://api.x.com', 'tok')).toBe('proxyUrl');
    expect(field('http://proxy.example/x', 'tok')).toBe('proxyUrl');
    expect(field('https://proxy.example/x?key=1', 'tok')).toBe('proxyUrl');
    expect(field('http://127.0.0.1:8787/x', 'tok')).toBeNull();
    expect(field('https://proxy.example/x', '')).toBe('token');
    expect(field('https://proxy.example/x', 'two words')).toBe('token');
    const both = validateXForm({ proxyUrl: 'https://api.x.com', token: 'two words' }, DEFAULT_SETTINGS);
    expect(both.ok ? [] : both.problems.map((problem) => problem.field)).toEqual(['proxyUrl', 'token']);
  });

  it('shows where requests go', () => {
    expect(xRequestUrl('https://proxy.example/x/')).toBe('https://proxy.example/x/2/tweets');
    expect(xRequestUrl('')).toBe('<proxy URL>/2/tweets');
  });
});

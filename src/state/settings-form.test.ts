import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { formFromSettings, validateSettingsForm } from './settings-form.ts';

const form = {
  baseUrl: 'http://127.0.0.1:9999/v1/',
  apiKey: ' key ',
  model: ' scripted-model ',
  stepBudget: '30',
  nodeRuntime: false,
  allowedUrlPrefixes: '',
  workspaceLimitMb: '200',
};

describe('validateSettingsForm', () => {
  it('trims the fields and keeps the settings the dialog does not edit', () => {
    const current = { ...DEFAULT_SETTINGS, maxRetries: 7 };
    expect(validateSettingsForm(form, current)).toEqual({
      ok: true,
      settings: {
        ...current,
        providers: [
          {
            ...current.providers[0],
            baseUrl: 'http://127.0.0.1:9999/v1',
            apiKey: 'key',
            model: 'scripted-model',
          },
        ],
        stepBudget: 30,
      },
    });
  });

  it('refuses a base URL that is not an http(s) address and names the field', () => {
    const result = validateSettingsForm({ ...form, baseUrl: 'api.openai.com' }, DEFAULT_SETTINGS);
    expect(result).toMatchObject({ ok: false, field: 'baseUrl' });
  });

  it('refuses an empty model and a step budget that is not a whole number in range', () => {
    expect(validateSettingsForm({ ...form, model: '  ' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: false,
      field: 'model',
    });
    for (const stepBudget of ['0', '2.5', '', '10001']) {
      expect(validateSettingsForm({ ...form, stepBudget }, DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        field: 'stepBudget',
      });
    }
  });

  it('reads the network allow-list one URL per line, skipping blanks and repeats', () => {
    const result = validateSettingsForm(
      {
        ...form,
        nodeRuntime: true,
        allowedUrlPrefixes:
          ' https://api.github.com/ \n\nhttp://localhost:8080/data\nhttps://api.github.com/\n',
      },
      DEFAULT_SETTINGS,
    );
    expect(result).toMatchObject({
      ok: true,
      settings: {
        nodeRuntime: true,
        allowedUrlPrefixes: ['https://api.github.com/', 'http://localhost:8080/data'],
      },
    });
    expect(validateSettingsForm({ ...form, allowedUrlPrefixes: '\n  \n' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: true,
      settings: { allowedUrlPrefixes: [] },
    });
  });

  it('refuses an allow-list line that is not an http(s) URL and says which line', () => {
    for (const bad of ['api.github.com', 'ftp://files.example.com/', 'https://', 'javascript:alert(1)']) {
      const result = validateSettingsForm(
        { ...form, allowedUrlPrefixes: `https://ok.example.com/\n${bad}` },
        DEFAULT_SETTINGS,
      );
      expect(result).toMatchObject({ ok: false, field: 'allowedUrlPrefixes' });
      expect(result.ok ? '' : result.message).toContain('Line 2');
    }
  });

  it('turns the workspace limit from MB into bytes and refuses values out of range', () => {
    expect(validateSettingsForm({ ...form, workspaceLimitMb: ' 512 ' }, DEFAULT_SETTINGS)).toMatchObject({
      ok: true,
      settings: { workspaceLimitBytes: 512 * 1024 * 1024 },
    });
    for (const workspaceLimitMb of ['0', '-5', '1.5', '', 'lots', '100001']) {
      expect(validateSettingsForm({ ...form, workspaceLimitMb }, DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        field: 'workspaceLimitMb',
      });
    }
  });

  it('round-trips saved settings through the form', () => {
    expect(validateSettingsForm(formFromSettings(DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: DEFAULT_SETTINGS,
    });
    const custom = {
      ...DEFAULT_SETTINGS,
      nodeRuntime: true,
      allowedUrlPrefixes: ['https://registry.npmjs.org/', 'https://api.github.com/'],
      workspaceLimitBytes: 64 * 1024 * 1024,
    };
    expect(validateSettingsForm(formFromSettings(custom), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: custom,
    });
  });
});

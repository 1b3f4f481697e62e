import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../protocol/settings.ts';
import { formFromSettings, validateSettingsForm } from './settings-form.ts';

const form = {
  baseUrl: 'http://127.0.0.1:9999/v1/',
  apiKey: ' key ',
  model: ' scripted-model ',
  stepBudget: '30',
};

describe('validateSettingsForm', () => {
  it('trims the fields and keeps the settings the dialog does not edit', () => {
    const current = { ...DEFAULT_SETTINGS, maxRetries: 7 };
    expect(validateSettingsForm(form, current)).toEqual({
      ok: true,
      settings: {
        ...current,
        baseUrl: 'http://127.0.0.1:9999/v1',
        apiKey: 'key',
        model: 'scripted-model',
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

  it('round-trips saved settings through the form', () => {
    expect(validateSettingsForm(formFromSettings(DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: DEFAULT_SETTINGS,
    });
  });
});

import { AgentSettings } from '../protocol/settings.ts';

/** The fields the settings dialog edits, as typed (strings). */
export type SettingsForm = { baseUrl: string; apiKey: string; model: string; stepBudget: string };

export type SettingsValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; field: keyof SettingsForm | null; message: string };

/** The dialog's fields for `settings`. */
export function formFromSettings(settings: AgentSettings): SettingsForm {
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    stepBudget: String(settings.stepBudget),
  };
}

/**
 * Checks the form and merges it over `current` (fields the dialog does not edit are kept).
 * Pure: returns the first problem in words a person can act on, or the settings to save.
 */
export function validateSettingsForm(form: SettingsForm, current: AgentSettings): SettingsValidation {
  const baseUrl = form.baseUrl.trim().replace(/\/+$/, '');
  if (baseUrl === '') {
    return {
      ok: false,
      field: 'baseUrl',
      message: 'Base URL is required, for example https://api.openai.com/v1.',
    };
  }
  if (!isHttpUrl(baseUrl)) {
    return {
      ok: false,
      field: 'baseUrl',
      message: 'Base URL must be a full http:// or https:// address, for example https://api.openai.com/v1.',
    };
  }
  const model = form.model.trim();
  if (model === '')
    return { ok: false, field: 'model', message: 'Model is required, for example gpt-4o-mini.' };
  const stepText = form.stepBudget.trim();
  const stepBudget = Number(stepText);
  if (stepText === '' || !Number.isInteger(stepBudget) || stepBudget < 1 || stepBudget > 10_000) {
    return { ok: false, field: 'stepBudget', message: 'Step budget must be a whole number from 1 to 10000.' };
  }
  const parsed = AgentSettings.safeParse({
    ...current,
    baseUrl,
    apiKey: form.apiKey.trim(),
    model,
    stepBudget,
  });
  if (!parsed.success) {
    return {
      ok: false,
      field: null,
      message: parsed.error.issues[0]?.message ?? 'These settings are not valid.',
    };
  }
  return { ok: true, settings: parsed.data };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

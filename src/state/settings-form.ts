import { AgentSettings, providerFor } from '../protocol/settings.ts';

/** The fields the settings dialog edits, as typed (text, and a checkbox). */
export type SettingsForm = {
  baseUrl: string;
  apiKey: string;
  model: string;
  stepBudget: string;
  nodeRuntime: boolean;
  /** URL prefixes the sandbox may fetch, one per line. */
  allowedUrlPrefixes: string;
  /** The workspace size limit in MB (MiB: 1 MB = 1,048,576 bytes). */
  workspaceLimitMb: string;
};

export type SettingsValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; field: keyof SettingsForm | null; message: string };

const BYTES_PER_MB = 1024 * 1024;
/** Bounds of the workspace size limit, in MB. */
export const WORKSPACE_LIMIT_MB = { min: 1, max: 100_000 } as const;

/** The dialog's fields for `settings` (the provider fields are the active provider's). */
export function formFromSettings(settings: AgentSettings): SettingsForm {
  const provider = providerFor(settings, settings.activeProviderId);
  return {
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    model: provider.model,
    stepBudget: String(settings.stepBudget),
    nodeRuntime: settings.nodeRuntime,
    allowedUrlPrefixes: settings.allowedUrlPrefixes.join('\n'),
    workspaceLimitMb: String(
      Math.max(WORKSPACE_LIMIT_MB.min, Math.round(settings.workspaceLimitBytes / BYTES_PER_MB)),
    ),
  };
}

type Problem = { field: keyof SettingsForm; message: string };

function checkBaseUrl(text: string): Problem | string {
  const baseUrl = text.trim().replace(/\/+$/, '');
  if (baseUrl === '') {
    return { field: 'baseUrl', message: 'Base URL is required, for example https://api.openai.com/v1.' };
  }
  if (!isHttpUrl(baseUrl)) {
    return {
      field: 'baseUrl',
      message: 'Base URL must be a full http:// or https:// address, for example https://api.openai.com/v1.',
    };
  }
  return baseUrl;
}

function checkStepBudget(text: string): Problem | number {
  const trimmed = text.trim();
  const stepBudget = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(stepBudget) || stepBudget < 1 || stepBudget > 10_000) {
    return { field: 'stepBudget', message: 'Step budget must be a whole number from 1 to 10000.' };
  }
  return stepBudget;
}

/** Each non-empty line must be an http(s) URL; blank lines are ignored and duplicates dropped. */
function checkAllowList(text: string): Problem | string[] {
  const prefixes: string[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const prefix = line.trim();
    if (prefix === '') continue;
    if (!isHttpUrl(prefix)) {
      return {
        field: 'allowedUrlPrefixes',
        message: `Line ${index + 1} of the network allow-list (“${prefix}”) is not a full http:// or https:// address, for example https://api.github.com/.`,
      };
    }
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
  }
  return prefixes;
}

function checkWorkspaceLimit(text: string): Problem | number {
  const trimmed = text.trim();
  const megabytes = Number(trimmed);
  if (
    trimmed === '' ||
    !Number.isInteger(megabytes) ||
    megabytes < WORKSPACE_LIMIT_MB.min ||
    megabytes > WORKSPACE_LIMIT_MB.max
  ) {
    return {
      field: 'workspaceLimitMb',
      message: `Workspace size limit must be a whole number of MB from ${WORKSPACE_LIMIT_MB.min} to ${WORKSPACE_LIMIT_MB.max}.`,
    };
  }
  return megabytes * BYTES_PER_MB;
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'field' in value;
}

/**
 * Checks the form and merges it over `current` (fields the dialog does not edit are kept;
 * the provider fields go to the active provider).
 * Pure: returns the first problem in words a person can act on, or the settings to save.
 */
export function validateSettingsForm(form: SettingsForm, current: AgentSettings): SettingsValidation {
  const baseUrl = checkBaseUrl(form.baseUrl);
  if (isProblem(baseUrl)) return { ok: false, ...baseUrl };
  const model = form.model.trim();
  if (model === '')
    return { ok: false, field: 'model', message: 'Model is required, for example gpt-4o-mini.' };
  const stepBudget = checkStepBudget(form.stepBudget);
  if (isProblem(stepBudget)) return { ok: false, ...stepBudget };
  const allowedUrlPrefixes = checkAllowList(form.allowedUrlPrefixes);
  if (isProblem(allowedUrlPrefixes)) return { ok: false, ...allowedUrlPrefixes };
  const workspaceLimitBytes = checkWorkspaceLimit(form.workspaceLimitMb);
  if (isProblem(workspaceLimitBytes)) return { ok: false, ...workspaceLimitBytes };
  const active = providerFor(current, current.activeProviderId);
  const edited = { ...active, baseUrl, apiKey: form.apiKey.trim(), model };
  const parsed = AgentSettings.safeParse({
    ...current,
    providers: current.providers.map((profile) => (profile.id === active.id ? edited : profile)),
    activeProviderId: active.id,
    stepBudget,
    nodeRuntime: form.nodeRuntime,
    allowedUrlPrefixes,
    workspaceLimitBytes,
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

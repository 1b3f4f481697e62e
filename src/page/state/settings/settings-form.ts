import {
  AgentSettings,
  type InterruptedRuns,
  MAX_RETRIES,
  MAX_RUN_TIME_LIMIT_MINUTES,
  MAX_SPEND_CAP_USD,
} from '@/shared/protocol/settings.ts';
import { isHttpUrl } from './provider-validation.ts';

/**
 * The run and sandbox fields the settings dialog edits, as typed (text, and a checkbox).
 * The providers have their own form (`providers-form.ts`).
 */
export type SettingsForm = {
  stepBudget: string;
  /** How many times a model request that failed on something passing is sent again (0–10). */
  maxRetries: string;
  /** Tokens a run may spend before the agent asks to go on; empty means no limit. */
  tokenBudget: string;
  /** Minutes a run may work before it stops and asks; empty means no limit. */
  runTimeLimitMinutes: string;
  /** US dollars a run may spend before the agent asks to go on; empty means no cap. */
  spendCapPerRunUsd: string;
  /** US dollars every conversation together may spend per day; empty means no cap. */
  spendCapPerDayUsd: string;
  /** A run a closed page interrupted: ask the person, or continue by itself. */
  interruptedRuns: InterruptedRuns;
  nodeRuntime: boolean;
  /** URL prefixes the sandbox may fetch, one per line. */
  allowedUrlPrefixes: string;
  /** The workspace size limit in MB (MiB: 1 MB = 1,048,576 bytes). */
  workspaceLimitMb: string;
};

/** One field the form refuses, and why. */
export type SettingsFormProblem = { field: keyof SettingsForm; message: string };

/**
 * The settings to save, or what is wrong: `field` and `message` name the first problem,
 * `problems` every field that is wrong (empty when only the schema refused the whole).
 */
export type SettingsValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; field: keyof SettingsForm | null; message: string; problems: SettingsFormProblem[] };

const BYTES_PER_MB = 1024 * 1024;
/** Bounds of the workspace size limit, in MB. */
export const WORKSPACE_LIMIT_MB = { min: 1, max: 100_000 } as const;

/** The smallest token budget a run may have (the settings schema's minimum). */
export const MINIMUM_TOKEN_BUDGET = 1000;

/** The dialog's run and sandbox fields for `settings`. */
export function formFromSettings(settings: AgentSettings): SettingsForm {
  return {
    stepBudget: String(settings.stepBudget),
    maxRetries: String(settings.maxRetries),
    tokenBudget: settings.tokenBudget === null ? '' : String(settings.tokenBudget),
    runTimeLimitMinutes: settings.runTimeLimitMinutes ? String(settings.runTimeLimitMinutes) : '',
    spendCapPerRunUsd: dollarsText(settings.spendCapPerRunUsd),
    spendCapPerDayUsd: dollarsText(settings.spendCapPerDayUsd),
    interruptedRuns: settings.interruptedRuns ?? 'ask',
    nodeRuntime: settings.nodeRuntime,
    allowedUrlPrefixes: settings.allowedUrlPrefixes.join('\n'),
    workspaceLimitMb: String(
      Math.max(WORKSPACE_LIMIT_MB.min, Math.round(settings.workspaceLimitBytes / BYTES_PER_MB)),
    ),
  };
}

type Problem = { field: keyof SettingsForm; message: string };

function checkStepBudget(text: string): Problem | number {
  const trimmed = text.trim();
  const stepBudget = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(stepBudget) || stepBudget < 1 || stepBudget > 10_000) {
    return { field: 'stepBudget', message: 'Step budget must be a whole number from 1 to 10000.' };
  }
  return stepBudget;
}

function checkRetries(text: string): Problem | number {
  const trimmed = text.trim();
  const retries = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    return { field: 'maxRetries', message: `Retries must be a whole number from 0 to ${MAX_RETRIES}.` };
  }
  return retries;
}

/** Empty means no limit; digit-group separators (spaces, commas, underscores) are allowed. */
function checkTokenBudget(text: string): Problem | number | null {
  const trimmed = text.trim().replaceAll(/[\s,_]/g, '');
  if (trimmed === '') return null;
  const tokenBudget = Number(trimmed);
  if (!Number.isSafeInteger(tokenBudget) || tokenBudget < MINIMUM_TOKEN_BUDGET) {
    return {
      field: 'tokenBudget',
      message: `Token budget must be empty (no limit) or a whole number of tokens, at least ${MINIMUM_TOKEN_BUDGET}.`,
    };
  }
  return tokenBudget;
}

/** Empty means no limit; otherwise whole minutes, up to a week. */
function checkRunTimeLimit(text: string): Problem | number | null {
  const trimmed = text.trim().replaceAll(/[\s,_]/g, '');
  if (trimmed === '') return null;
  const minutes = Number(trimmed);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_RUN_TIME_LIMIT_MINUTES) {
    return {
      field: 'runTimeLimitMinutes',
      message: `Time limit per run must be empty (no limit) or a whole number of minutes from 1 to ${MAX_RUN_TIME_LIMIT_MINUTES.toLocaleString('en-US')} (a week).`,
    };
  }
  return minutes;
}

/** A cap as the field shows it: "0.50", "12" (empty: none). */
function dollarsText(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined) return '';
  return Number.isInteger(dollars) ? String(dollars) : String(Number(dollars.toFixed(6)));
}

const SPEND_CAP_LABELS = {
  spendCapPerRunUsd: 'Spend cap per run',
  spendCapPerDayUsd: 'Spend cap per day',
} as const;

/**
 * Empty means no cap; otherwise US dollars above zero, up to `MAX_SPEND_CAP_USD`. A leading
 * "$" and digit-group commas, spaces or underscores are allowed ("$1,000.50").
 */
function checkSpendCap(field: keyof typeof SPEND_CAP_LABELS, text: string): Problem | number | null {
  const trimmed = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(/[\s,_]/g, '');
  if (trimmed === '') return null;
  const dollars = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const label = SPEND_CAP_LABELS[field];
  if (!Number.isFinite(dollars)) {
    return {
      field,
      message: `${label} must be empty (no cap) or an amount in US dollars, for example 0.50 or 5.`,
    };
  }
  if (dollars <= 0 || dollars > MAX_SPEND_CAP_USD) {
    return {
      field,
      message: `${label} must be more than $0 and at most $${MAX_SPEND_CAP_USD.toLocaleString('en-US')}; leave it empty for no cap.`,
    };
  }
  return dollars;
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
 * Checks the form and merges it over `current` (fields the form does not edit, such as
 * the providers, are kept).
 * Pure: returns every problem in words a person can act on (the first as `field` and
 * `message`), or the settings to save.
 */
export function validateSettingsForm(form: SettingsForm, current: AgentSettings): SettingsValidation {
  const checked = {
    stepBudget: checkStepBudget(form.stepBudget),
    maxRetries: checkRetries(form.maxRetries),
    tokenBudget: checkTokenBudget(form.tokenBudget),
    runTimeLimitMinutes: checkRunTimeLimit(form.runTimeLimitMinutes),
    spendCapPerRunUsd: checkSpendCap('spendCapPerRunUsd', form.spendCapPerRunUsd),
    spendCapPerDayUsd: checkSpendCap('spendCapPerDayUsd', form.spendCapPerDayUsd),
    allowedUrlPrefixes: checkAllowList(form.allowedUrlPrefixes),
    workspaceLimitBytes: checkWorkspaceLimit(form.workspaceLimitMb),
  };
  const problems = Object.values(checked).filter(isProblem);
  const [first] = problems;
  if (first) return { ok: false, field: first.field, message: first.message, problems };
  const parsed = AgentSettings.safeParse({
    ...current,
    ...checked,
    interruptedRuns: form.interruptedRuns,
    nodeRuntime: form.nodeRuntime,
  });
  if (!parsed.success) {
    return {
      ok: false,
      field: null,
      message: parsed.error.issues[0]?.message ?? 'These settings are not valid.',
      problems: [],
    };
  }
  return { ok: true, settings: parsed.data };
}

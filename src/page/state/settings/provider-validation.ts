import type { ModelPrices, ProviderSetup } from '@/shared/protocol/providers.ts';
import {
  type ProviderDraft,
  type ProvidersForm,
  type ProviderTextField,
  visionFieldOf,
} from './providers-form.ts';

/** A field of one provider that is wrong, and why (the message names the provider). */
export type ProviderProblem = { providerId: string; field: ProviderTextField; message: string };

/**
 * What checking the Providers section gives: the setups to save, or what is wrong —
 * the first problem as `providerId`, `field` and `message`, and every one in `problems`.
 */
export type ProvidersValidation =
  | { ok: true; providers: ProviderSetup[]; activeProviderId: string }
  | { ok: false; providerId: string; field: ProviderTextField; message: string; problems: ProviderProblem[] };

/** Bounds of a provider's context window, in tokens (the schema's minimum, and a sane ceiling). */
export const CONTEXT_WINDOW_TOKENS = { min: 1024, max: 10_000_000 } as const;

type Problem = { field: ProviderTextField; message: string };

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'field' in value && 'message' in value;
}

/** True for a full http:// or https:// address with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

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

function checkContextWindow(text: string): Problem | number {
  const trimmed = text.trim().replaceAll(/[\s,_]/g, '');
  const tokens = Number(trimmed);
  if (
    trimmed === '' ||
    !Number.isInteger(tokens) ||
    tokens < CONTEXT_WINDOW_TOKENS.min ||
    tokens > CONTEXT_WINDOW_TOKENS.max
  ) {
    return {
      field: 'contextWindowTokens',
      message: `Context window must be a whole number of tokens from ${CONTEXT_WINDOW_TOKENS.min} to ${CONTEXT_WINDOW_TOKENS.max}.`,
    };
  }
  return tokens;
}

const PRICE_LABELS = {
  inputPrice: 'Input price',
  cachedInputPrice: 'Cached input price',
  outputPrice: 'Output price',
} as const;

function checkPrice(field: keyof typeof PRICE_LABELS, text: string): Problem | number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  const price = Number(trimmed);
  if (!Number.isFinite(price) || price < 0) {
    return {
      field,
      message: `${PRICE_LABELS[field]} must be a number of dollars per million tokens, 0 or more (for example 0.15).`,
    };
  }
  return price;
}

/**
 * Prices: all empty means none; otherwise input and output are required, and an empty
 * cached-input price means cached tokens cost the same as other input.
 */
function checkPrices(draft: ProviderDraft): Problem | ModelPrices | null {
  const input = checkPrice('inputPrice', draft.inputPrice);
  if (isProblem(input)) return input;
  const cached = checkPrice('cachedInputPrice', draft.cachedInputPrice);
  if (isProblem(cached)) return cached;
  const output = checkPrice('outputPrice', draft.outputPrice);
  if (isProblem(output)) return output;
  if (input === null && cached === null && output === null) return null;
  if (input === null) {
    return { field: 'inputPrice', message: 'Input price is needed once any price is set (0 if free).' };
  }
  if (output === null) {
    return { field: 'outputPrice', message: 'Output price is needed once any price is set (0 if free).' };
  }
  return { inputPerMillion: input, cachedInputPerMillion: cached ?? input, outputPerMillion: output };
}

/** Every field of one draft that is wrong (at most one about its prices), or its setup. */
function checkDraft(draft: ProviderDraft): Problem[] | ProviderSetup {
  const name = draft.name.trim();
  const problems: Problem[] = [];
  if (name === '') problems.push({ field: 'name', message: 'Every provider needs a name.' });
  let baseUrl = '';
  if (draft.kind === 'openai-compatible') {
    const checked = checkBaseUrl(draft.baseUrl);
    if (isProblem(checked)) problems.push(checked);
    else baseUrl = checked;
  }
  const model = draft.model.trim();
  if (model === '') {
    const who = name || 'This provider';
    problems.push({
      field: 'model',
      message:
        draft.kind === 'webllm'
          ? `${who} needs a model: the id of an in-browser model.`
          : `${who} needs a model, for example gpt-4o-mini (Test connection lists what the server offers).`,
    });
  }
  const contextWindowTokens = checkContextWindow(draft.contextWindowTokens);
  if (isProblem(contextWindowTokens)) problems.push(contextWindowTokens);
  const prices = checkPrices(draft);
  if (isProblem(prices)) problems.push(prices);
  if (problems.length > 0 || isProblem(contextWindowTokens) || isProblem(prices)) return problems;
  return {
    id: draft.id,
    name,
    kind: draft.kind,
    presetId: draft.presetId,
    baseUrl,
    apiKey: draft.kind === 'webllm' ? '' : draft.apiKey.trim(),
    model,
    contextWindowTokens,
    ...(draft.kind === 'openai-compatible'
      ? { toolCalls: draft.toolCalls, useServerWindow: draft.useServerWindow, ...visionFieldOf(draft.vision) }
      : {}),
    prices,
  };
}

/** A problem's message as shown: led by the provider's name, unless it already says it. */
function named(draft: ProviderDraft, problem: Problem): string {
  const name = draft.name.trim();
  if (problem.field === 'model') return problem.message;
  return `${name || 'A provider'}: ${problem.message}`;
}

/**
 * Checks every draft. Pure: returns every problem (which provider, which field, in words a
 * person can act on; the first also as `providerId`, `field` and `message`), or the setups
 * to save with the active id.
 */
export function validateProvidersForm(form: ProvidersForm): ProvidersValidation {
  const providers: ProviderSetup[] = [];
  const problems: ProviderProblem[] = [];
  for (const draft of form.providers) {
    const checked = checkDraft(draft);
    if (Array.isArray(checked)) {
      for (const problem of checked) {
        problems.push({ providerId: draft.id, field: problem.field, message: named(draft, problem) });
      }
    } else {
      providers.push(checked);
    }
  }
  const [firstProblem] = problems;
  if (firstProblem) return { ok: false, ...firstProblem, problems };
  // None saved is allowed (a fresh install has none): nothing runs until one is added.
  const activeProviderId = providers.some((setup) => setup.id === form.activeProviderId)
    ? form.activeProviderId
    : (providers[0]?.id ?? '');
  return { ok: true, providers, activeProviderId };
}

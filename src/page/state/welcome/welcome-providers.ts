import type { ProviderPreset, ServerKind } from '@/shared/protocol/providers.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { validateProvidersForm } from '../settings/provider-validation.ts';
import {
  addProvider,
  type ProviderDraft,
  type ProviderTextField,
  providersFormFromSettings,
  setActiveProvider,
  updateProvider,
} from '../settings/providers-form.ts';

/** Settings with a provider made or updated and active, or why the change was refused. */
export type ProviderChange =
  | { ok: true; settings: AgentSettings; providerId: string }
  | { ok: false; message: string };

/** A preset id no preset has: `addProvider` then adds a blank OpenAI-compatible provider. */
const NO_PRESET = 'custom';

/** The preset a server kind's answers point to (its name and notes), if there is one. */
const PRESET_OF_SERVER: Record<ServerKind, string> = {
  'llama.cpp': 'llamacpp',
  Ollama: 'ollama',
  'LM Studio': 'lmstudio',
  vLLM: 'vllm',
};

/**
 * The same steps as Settings → Providers, on `settings`: reuse the saved OpenAI-compatible
 * provider `matches` picks (else add one from `presetId` under `newId`), change its fields,
 * make it the one new conversations use, and validate everything as Save does.
 */
function connect(
  settings: AgentSettings,
  request: {
    presetId: string;
    matches: (draft: ProviderDraft) => boolean;
    changes: Partial<Pick<ProviderDraft, ProviderTextField>>;
  },
  newId: string,
): ProviderChange {
  let form = providersFormFromSettings(settings);
  const candidates = form.providers.filter(
    (draft) => draft.kind === 'openai-compatible' && request.matches(draft),
  );
  const existing = candidates.find((draft) => draft.id === form.activeProviderId) ?? candidates[0];
  const providerId = existing?.id ?? newId;
  if (!existing) form = addProvider(form, request.presetId, newId);
  form = setActiveProvider(updateProvider(form, providerId, request.changes), providerId);
  const validated = validateProvidersForm(form);
  if (!validated.ok) return { ok: false, message: validated.message };
  return {
    ok: true,
    providerId,
    settings: { ...settings, providers: validated.providers, activeProviderId: validated.activeProviderId },
  };
}

/** host:port with localhost, 127.0.0.1 and [::1] taken as one host, and the path without a trailing slash. */
function loopbackKey(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    const host = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? 'loopback' : url.hostname;
    return `${url.protocol}//${host}:${url.port}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * Makes a server found on this computer the active provider: updates the saved provider
 * at that address (localhost and 127.0.0.1 alike), or adds one named after what the
 * server said it is, with the chosen model and the window it runs with (when it said).
 */
export function connectLocalServer(
  settings: AgentSettings,
  server: { baseUrl: string; server: ServerKind | null; model: string; windowTokens: number | null },
  newId: string,
): ProviderChange {
  const key = loopbackKey(server.baseUrl);
  const changes: Partial<Pick<ProviderDraft, ProviderTextField>> = {
    baseUrl: server.baseUrl,
    model: server.model,
    ...(server.windowTokens ? { contextWindowTokens: String(server.windowTokens) } : {}),
  };
  const presetId = server.server ? PRESET_OF_SERVER[server.server] : NO_PRESET;
  const result = connect(
    settings,
    { presetId, matches: (draft) => key !== null && loopbackKey(draft.baseUrl) === key, changes },
    newId,
  );
  if (!result.ok || server.server || result.providerId !== newId) return result;
  // An unnamed server gets a name saying where it is.
  const port = new URL(server.baseUrl).port;
  const named = result.settings.providers.map((profile) =>
    profile.id === newId ? { ...profile, name: `Local server :${port}` } : profile,
  );
  return { ...result, settings: { ...result.settings, providers: named } };
}

/**
 * Makes a hosted preset, with its key, the active provider: updates the saved provider at
 * the preset's host (the active one first), or adds one from the preset.
 */
export function connectHostedProvider(
  settings: AgentSettings,
  hosted: { preset: ProviderPreset; apiKey: string; model: string },
  newId: string,
): ProviderChange {
  const host = new URL(hosted.preset.baseUrl).host;
  const hostOf = (baseUrl: string) => {
    try {
      return new URL(baseUrl.trim()).host;
    } catch {
      return null;
    }
  };
  return connect(
    settings,
    {
      presetId: hosted.preset.id,
      matches: (draft) => hostOf(draft.baseUrl) === host,
      changes: { baseUrl: hosted.preset.baseUrl, apiKey: hosted.apiKey.trim(), model: hosted.model },
    },
    newId,
  );
}

/**
 * The model to use with a hosted preset after Test connection listed `models`: the preset's
 * own when listed (or when nothing is listed), else the only one, else the first listed.
 */
export function hostedModelOf(preset: ProviderPreset, models: readonly string[]): string {
  if (models.length === 0 || models.includes(preset.defaultModel)) return preset.defaultModel;
  return models[0] ?? preset.defaultModel;
}

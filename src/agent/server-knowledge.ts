import {
  capabilitiesFor,
  type ProviderProfile,
  type ServerCapabilities,
  toolCallModeOf,
} from '../protocol/providers.ts';
import type { SettingsRepository } from '../storage/settings-repository.ts';
import { capabilitiesFromReport, underMode } from './providers/remote/capabilities.ts';
import { probeServer } from './providers/remote/server-probe.ts';

/** The provider fields asking its server needs. */
export type ProbedProvider = Pick<
  ProviderProfile,
  'id' | 'kind' | 'baseUrl' | 'apiKey' | 'model' | 'toolCalls'
>;

/**
 * Asks a provider's server what it is and supports (Settings' Test connection) and keeps
 * what it said, over what runs taught before, for the provider's next runs (so the first
 * run needs not ask again). Null for an in-browser model, or a server that said nothing.
 */
export async function identifyServer(
  dependencies: { settings: SettingsRepository; probeFetch?: typeof fetch; now: () => number },
  provider: ProbedProvider,
): Promise<ServerCapabilities | null> {
  if (provider.kind !== 'openai-compatible') return null;
  const profile: ProviderProfile = {
    ...provider,
    name: provider.id,
    presetId: null,
    contextWindowTokens: 1024,
    prices: null,
  };
  const report = await probeServer({
    baseUrl: provider.baseUrl,
    model: provider.model,
    apiKey: provider.apiKey,
    fetch: dependencies.probeFetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: 5_000,
  });
  const known = capabilitiesFor(profile, await dependencies.settings.getServerCapabilities());
  const learned = capabilitiesFromReport(profile, known, report, dependencies.now());
  if (learned === null) return null;
  await dependencies.settings.putServerCapabilities(provider.id, learned);
  return underMode(learned, toolCallModeOf(profile));
}

import {
  capabilitiesFor,
  type ProviderSetup,
  type ServerCapabilities,
  toolCallModeOf,
} from '../../shared/protocol/providers.ts';
import type { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import { capabilitiesFromReport, underMode } from '../llm/providers/remote/capabilities.ts';
import { probeServer } from '../llm/providers/remote/server-probe.ts';

/** The provider fields asking its server needs. */
export type ProbedProvider = Pick<
  ProviderSetup,
  'id' | 'kind' | 'baseUrl' | 'apiKey' | 'model' | 'toolCalls'
>;

/** How a server is asked: the `fetch` to ask with (default: the platform's), the clock, and when to give up. */
export type AskingOptions = {
  probeFetch?: typeof fetch;
  now: () => number;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * Asks `provider`'s server what it is and supports, and merges what it said over `known`
 * (what runs taught before). Null when nothing is known and the server said nothing. The
 * caller keeps the result.
 */
export async function askServer(
  provider: ProbedProvider,
  known: ServerCapabilities | null,
  options: AskingOptions,
): Promise<ServerCapabilities | null> {
  const report = await probeServer({
    baseUrl: provider.baseUrl,
    model: provider.model,
    apiKey: provider.apiKey,
    fetch: options.probeFetch ?? ((input, init) => globalThis.fetch(input, init)),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return capabilitiesFromReport(asSetup(provider), known, report, options.now());
}

/**
 * Settings' Test connection: asks the server and keeps what it said, over what runs taught
 * before, for the provider's next runs (so the first run needs not ask again). Null for an
 * in-browser model, or a server that said nothing.
 */
export async function identifyServer(
  dependencies: { settings: SettingsRepository } & AskingOptions,
  provider: ProbedProvider,
): Promise<ServerCapabilities | null> {
  if (provider.kind !== 'openai-compatible') return null;
  const setup = asSetup(provider);
  const known = capabilitiesFor(setup, await dependencies.settings.getServerCapabilities());
  const learned = await askServer(provider, known, { timeoutMs: 5_000, ...dependencies });
  if (learned === null) return null;
  await dependencies.settings.putServerCapabilities(provider.id, learned);
  return underMode(learned, toolCallModeOf(setup));
}

/** A provider's fields as a provider setup (the ones asking reads; the rest are placeholders). */
function asSetup(provider: ProbedProvider): ProviderSetup {
  return { ...provider, name: provider.id, presetId: null, contextWindowTokens: 1024, prices: null };
}

import { DEFAULT_MEMORY_PREFERENCES, MemoryPreferences } from '../protocol/know-how.ts';
import type { McpOAuth } from '../protocol/mcp-oauth.ts';
import { McpServerStatus, type McpStatusSource, newerMcpStatus } from '../protocol/mcp-status.ts';
import { PROVIDER_PRESETS, ProviderSetup, ServerCapabilities } from '../protocol/providers.ts';
import { AgentSettings, DEFAULT_SETTINGS } from '../protocol/settings.ts';
import type { SandpiperDatabase } from './db.ts';

const AGENT_SETTINGS_KEY = 'agent';
/** How memories are kept (the Memory page's switch): written by the UI, read by the worker. */
const MEMORY_PREFERENCES_KEY = 'memory-preferences';
/** What was learned about each provider's server, by provider id (the worker writes it). */
const SERVER_CAPABILITIES_KEY = 'server-capabilities';
/**
 * What the last attempt to list each MCP server found, by server id: one row per finder, so
 * each has one writer — Settings' tests (the UI) and conversations as they start (the worker).
 */
const MCP_STATUS_KEYS: Record<McpStatusSource, string> = {
  test: 'mcp-status-tests',
  conversation: 'mcp-status-conversations',
};

/**
 * The settings table. Rows with one writer each: the agent settings, written only by the
 * UI (the worker reads them at the start of each run, and writes back only the MCP OAuth
 * tokens it refreshed); what runs learned about the model servers, written only by the
 * agent worker (the UI shows it); and the MCP servers' last statuses, one row from
 * Settings' tests (the UI) and one from conversations' starts (the worker). Secrets stored here
 * are never copied into events, envelopes or logs.
 */
export class SettingsRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** The saved agent settings merged over the defaults; invalid fields fall back to defaults. */
  async getAgentSettings(): Promise<AgentSettings> {
    const row = await this.database.settings.get(AGENT_SETTINGS_KEY);
    const saved = row?.value;
    if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_SETTINGS };
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const [field, value] of Object.entries(
      withoutUntouchedDefault(withAutoToolCalls(withProviders(saved as Record<string, unknown>))),
    )) {
      const schema = AgentSettings.shape[field as keyof AgentSettings];
      if (schema?.safeParse(value).success) merged[field] = value;
    }
    const settings = AgentSettings.parse(merged);
    const hasActive = settings.providers.some((setup) => setup.id === settings.activeProviderId);
    return hasActive ? settings : { ...settings, activeProviderId: settings.providers[0]?.id ?? '' };
  }

  /** What was learned about the providers' servers; an unreadable entry is dropped (it is learned again). */
  async getServerCapabilities(): Promise<Record<string, ServerCapabilities>> {
    return readLearned((await this.database.settings.get(SERVER_CAPABILITIES_KEY))?.value);
  }

  /** Records what was learned about one provider's server, keeping the others' (one transaction). */
  async putServerCapabilities(providerId: string, capabilities: ServerCapabilities): Promise<void> {
    const value = ServerCapabilities.parse(capabilities);
    await this.database.transaction('rw', this.database.settings, async () => {
      const all = readLearned((await this.database.settings.get(SERVER_CAPABILITIES_KEY))?.value);
      await this.database.settings.put({
        key: SERVER_CAPABILITIES_KEY,
        value: { ...all, [providerId]: value },
      });
    });
  }

  /** Forgets what was learned about one provider's server, keeping the others'. */
  async forgetServerCapabilities(providerId: string): Promise<void> {
    await this.database.transaction('rw', this.database.settings, async () => {
      const all = readLearned((await this.database.settings.get(SERVER_CAPABILITIES_KEY))?.value);
      delete all[providerId];
      await this.database.settings.put({ key: SERVER_CAPABILITIES_KEY, value: all });
    });
  }

  /** The last status of each MCP server, by server id: the newer of its last test and its last conversation start. */
  async getMcpStatuses(): Promise<Record<string, McpServerStatus>> {
    const read = async (source: McpStatusSource) =>
      readStatuses((await this.database.settings.get(MCP_STATUS_KEYS[source]))?.value);
    const [tests, conversations] = await Promise.all([read('test'), read('conversation')]);
    const latest: Record<string, McpServerStatus> = {};
    for (const id of new Set([...Object.keys(tests), ...Object.keys(conversations)])) {
      const status = newerMcpStatus(tests[id], conversations[id]);
      if (status) latest[id] = status;
    }
    return latest;
  }

  /**
   * Records what listing MCP servers found (`source` says who looked: Settings' test, written
   * by the UI, or a conversation's start, written by the worker), keeping other servers'.
   */
  async putMcpStatuses(source: McpStatusSource, statuses: Record<string, McpServerStatus>): Promise<void> {
    const key = MCP_STATUS_KEYS[source];
    const values = Object.fromEntries(
      Object.entries(statuses).map(([id, status]) => [id, McpServerStatus.parse({ ...status, source })]),
    );
    await this.database.transaction('rw', this.database.settings, async () => {
      const all = readStatuses((await this.database.settings.get(key))?.value);
      await this.database.settings.put({ key, value: { ...all, ...values } });
    });
  }

  /** Keeps an MCP server's refreshed OAuth sign-in (see `putMcpOAuth`). */
  async putMcpOAuth(serverId: string, oauth: McpOAuth): Promise<void> {
    await putMcpOAuth(this.database, serverId, oauth);
  }

  /** How memories are kept; the defaults when nothing (or nothing readable) is saved. */
  async getMemoryPreferences(): Promise<MemoryPreferences> {
    const parsed = MemoryPreferences.safeParse(
      (await this.database.settings.get(MEMORY_PREFERENCES_KEY))?.value,
    );
    return parsed.success ? parsed.data : { ...DEFAULT_MEMORY_PREFERENCES };
  }

  /** Saves how memories are kept (the UI's alone to write). */
  async putMemoryPreferences(preferences: MemoryPreferences): Promise<void> {
    await this.database.settings.put({
      key: MEMORY_PREFERENCES_KEY,
      value: MemoryPreferences.parse(preferences),
    });
  }

  /** Validates and saves the agent settings; invalid input is refused with zod's message. */
  async putAgentSettings(settings: AgentSettings): Promise<void> {
    const value = AgentSettings.parse({ ...settings, toolCallDefaults: 2 });
    await this.database.settings.put({ key: AGENT_SETTINGS_KEY, value });
  }
}

/**
 * Keeps an MCP server's refreshed OAuth sign-in (the one thing the agent worker writes
 * into the agent settings), in one transaction. Nothing is written when the person has
 * since removed the server, signed out, or signed in again with another registration.
 */
export async function putMcpOAuth(
  database: SandpiperDatabase,
  serverId: string,
  oauth: McpOAuth,
): Promise<void> {
  const repository = new SettingsRepository(database);
  await database.transaction('rw', database.settings, async () => {
    const settings = await repository.getAgentSettings();
    const saved = settings.mcpServers.find((server) => server.id === serverId)?.oauth;
    if (saved?.clientInformation.client_id !== oauth.clientInformation.client_id) return;
    await repository.putAgentSettings({
      ...settings,
      mcpServers: settings.mcpServers.map((server) =>
        server.id === serverId ? { ...server, oauth } : server,
      ),
    });
  });
}

/** The MCP statuses that still parse; a bad one is dropped alone (the next attempt records it again). */
function readStatuses(saved: unknown): Record<string, McpServerStatus> {
  if (typeof saved !== 'object' || saved === null) return {};
  const kept: Record<string, McpServerStatus> = {};
  for (const [serverId, value] of Object.entries(saved)) {
    const parsed = McpServerStatus.safeParse(value);
    if (parsed.success) kept[serverId] = parsed.data;
  }
  return kept;
}

/** The learned records that still parse; a bad one is dropped alone (it is learned again). */
function readLearned(saved: unknown): Record<string, ServerCapabilities> {
  if (typeof saved !== 'object' || saved === null) return {};
  const kept: Record<string, ServerCapabilities> = {};
  for (const [providerId, value] of Object.entries(saved)) {
    const parsed = ServerCapabilities.safeParse(value);
    if (parsed.success) kept[providerId] = parsed.data;
  }
  return kept;
}

/**
 * Settings saved before providers existed kept one provider flat (`baseUrl`, `apiKey`,
 * `model`, `contextWindowTokens`): it becomes the one saved provider, and the active one.
 */
function withProviders(saved: Record<string, unknown>): Record<string, unknown> {
  if ('providers' in saved || typeof saved.baseUrl !== 'string') return saved;
  const { baseUrl, apiKey, model, contextWindowTokens, ...rest } = saved;
  const preset = PROVIDER_PRESETS.find(
    (candidate) => candidate.baseUrl === String(baseUrl).replace(/\/+$/, ''),
  );
  const setup: ProviderSetup = {
    id: 'saved',
    name: preset?.name ?? 'My provider',
    kind: 'openai-compatible',
    presetId: preset?.id ?? null,
    baseUrl: String(baseUrl),
    apiKey: typeof apiKey === 'string' ? apiKey : '',
    model: typeof model === 'string' ? model : (preset?.defaultModel ?? ''),
    contextWindowTokens:
      typeof contextWindowTokens === 'number' ? contextWindowTokens : (preset?.contextWindowTokens ?? 32_000),
    prices: null,
  };
  return { ...rest, providers: [setup], activeProviderId: setup.id };
}

/** The id the provider every install once started with had (an OpenAI without a key, which the person never added). */
const OLD_DEFAULT_PROVIDER_ID = 'openai';

/**
 * Whether a saved provider is still the one older versions put in every fresh install: the
 * OpenAI preset as it came (its id, name, address, model, window), with no key and nothing
 * the person set (prices, images, a window of the server's). It could never answer, and the
 * person never added it.
 */
export function isUntouchedDefaultProvider(provider: unknown): boolean {
  const parsed = ProviderSetup.safeParse(provider);
  const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === OLD_DEFAULT_PROVIDER_ID);
  if (!parsed.success || !preset) return false;
  const setup = parsed.data;
  return (
    setup.id === OLD_DEFAULT_PROVIDER_ID &&
    setup.presetId === preset.id &&
    setup.kind === 'openai-compatible' &&
    setup.name === preset.name &&
    setup.baseUrl === preset.baseUrl &&
    setup.apiKey === '' &&
    setup.model === preset.defaultModel &&
    setup.contextWindowTokens === preset.contextWindowTokens &&
    setup.prices === null &&
    setup.vision === undefined &&
    setup.useServerWindow !== false
  );
}

/**
 * Settings saved by older versions held the provider they put in every fresh install (see
 * `isUntouchedDefaultProvider`) even when the person never touched it: it is dropped when
 * read, so Settings and each conversation's switch offer only what the person added. When
 * it was the active one, the first remaining provider becomes active (none: '').
 */
function withoutUntouchedDefault(saved: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(saved.providers)) return saved;
  const providers = saved.providers.filter((provider: unknown) => !isUntouchedDefaultProvider(provider));
  if (providers.length === saved.providers.length) return saved;
  return { ...saved, providers };
}

/**
 * Settings saved before every preset defaulted to auto tool calls kept `native` on the
 * hosted presets without the person choosing it (the editor showed it as the default): a
 * person who pointed such a provider at a local server got no adaptation at all. Those
 * become auto (it starts native and switches only on evidence, so a hosted API that
 * honours tool calls keeps calling natively). Once saved with `toolCallDefaults: 2`, a
 * Native chosen afterwards is kept.
 */
function withAutoToolCalls(saved: Record<string, unknown>): Record<string, unknown> {
  if (saved.toolCallDefaults === 2 || !Array.isArray(saved.providers)) return saved;
  const providers = saved.providers.map((provider: unknown) => {
    if (typeof provider !== 'object' || provider === null) return provider;
    const setup = provider as Record<string, unknown>;
    const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === setup.presetId);
    const wasDefault = preset !== undefined && !preset.isLocal && setup.toolCalls === 'native';
    return wasDefault ? { ...setup, toolCalls: 'auto' } : setup;
  });
  return { ...saved, providers, toolCallDefaults: 2 };
}

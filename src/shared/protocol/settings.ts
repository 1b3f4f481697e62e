import { z } from 'zod';
import { McpServerConfig } from './mcp.ts';
import { DEFAULT_MEDIA_SETTINGS, MediaSettings } from './media/media-settings.ts';
import { missingKeyReason, ProviderSetup } from './providers.ts';
import { DEFAULT_WEB_SETTINGS, WebSettings } from './web/web-settings.ts';
import { DEFAULT_WORKSPACE_LIMIT_BYTES } from './workspace.ts';
import { XSettings } from './x-settings.ts';

/**
 * What a run a closed page left unfinished does when the app opens again: `ask` (wait for
 * the person to send a message; the default) or `continue` (go on from the log at once).
 */
export const InterruptedRuns = z.enum(['ask', 'continue']);
export type InterruptedRuns = z.infer<typeof InterruptedRuns>;

/** The most retries a failed model request may be given. */
export const MAX_RETRIES = 10;

/** The longest time limit a run may be given: a week. */
export const MAX_RUN_TIME_LIMIT_MINUTES = 10_080;

/** The largest spend cap, per run or per day, in US dollars. */
export const MAX_SPEND_CAP_USD = 100_000;

/** A spend cap in US dollars (the presets' currency); null or absent: no cap. */
const SpendCapUsd = z.number().positive().max(MAX_SPEND_CAP_USD).nullable().optional();

/** Provider and run settings. Secrets live only here (the `settings` table). */
export const AgentSettings = z.object({
  /**
   * The providers the person saved (none on a fresh install: nothing is offered that they
   * did not add); API keys live in them and nowhere else.
   */
  providers: z.array(ProviderSetup),
  /** The provider new conversations use (each conversation keeps its own choice); '' while none is saved. */
  activeProviderId: z.string(),
  stepBudget: z.number().int().min(1).max(10_000),
  /** How many times a model request that failed on something passing is sent again before the run pauses. */
  maxRetries: z.number().int().min(0).max(MAX_RETRIES),
  requestTimeoutMs: z.number().int().min(1_000),
  /** Size limit of each conversation's workspace. */
  workspaceLimitBytes: z.number().int().min(1024),
  /** URL prefixes the sandbox may fetch; empty means no network from the sandbox. */
  allowedUrlPrefixes: z.array(z.string().url()),
  /**
   * Compact older bulky observations once a request would pass this many tokens (or
   * 75% of the window, whichever comes first): long contexts cost on every step.
   */
  compactAtTokens: z.number().int().min(1024),
  /** Tokens a run may spend before the agent asks to go on; null means no limit. */
  tokenBudget: z.number().int().min(1000).nullable(),
  /**
   * Minutes a run may work before it stops and asks whether to go on (the action in flight
   * is stopped); null or absent: no limit (the default).
   */
  runTimeLimitMinutes: z.number().int().min(1).max(MAX_RUN_TIME_LIMIT_MINUTES).nullable().optional(),
  /**
   * Dollars a run may spend (since the person last spoke, as the token budget counts) before
   * the agent asks to go on, at its provider's prices; null or absent: no cap. See `spend-cap.ts`.
   */
  spendCapPerRunUsd: SpendCapUsd,
  /** Dollars every conversation together may spend per local day before a run asks to go on. */
  spendCapPerDayUsd: SpendCapUsd,
  /** A run a closed page interrupted: ask (absent means ask) or go on by itself. */
  interruptedRuns: InterruptedRuns.optional(),
  /** Use WebContainer (Node, npm, dev servers) instead of the virtual bash when it can boot. */
  nodeRuntime: z.boolean(),
  /**
   * API keys tools read by name (a search provider's, an image API's) through the secrets
   * port; like the providers' keys, they never leave this table.
   */
  toolKeys: z.record(z.string().min(1), z.string()),
  /** Settings → Search: the third-party services allowed, their order, a SearXNG and a proxy address. */
  web: WebSettings,
  /** Settings → Media: the endpoints the generation actions use (keys in `toolKeys`). */
  media: MediaSettings,
  /** Settings → MCP: remote MCP servers whose tools new conversations get (tokens are secrets, like keys). */
  mcpServers: z.array(McpServerConfig),
  /** Settings → X: the proxy muxd's `x_*` tools reach X through (absent: not configured; the token is in `toolKeys`). */
  x: XSettings.optional(),
  /**
   * 2 once the providers' tool-call modes follow today's default (auto for every preset).
   * Absent: saved when hosted presets defaulted to native, which reading then moves to auto once.
   */
  toolCallDefaults: z.literal(2).optional(),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

/** A fresh install's settings: no provider (the welcome offers ways to add one). */
export const DEFAULT_SETTINGS: AgentSettings = {
  providers: [],
  activeProviderId: '',
  stepBudget: 50,
  maxRetries: 5,
  requestTimeoutMs: 120_000,
  workspaceLimitBytes: DEFAULT_WORKSPACE_LIMIT_BYTES,
  allowedUrlPrefixes: [],
  tokenBudget: null,
  runTimeLimitMinutes: null,
  spendCapPerRunUsd: null,
  spendCapPerDayUsd: null,
  interruptedRuns: 'ask',
  nodeRuntime: false,
  compactAtTokens: 64_000,
  toolKeys: {},
  web: DEFAULT_WEB_SETTINGS,
  media: DEFAULT_MEDIA_SETTINGS,
  mcpServers: [],
  toolCallDefaults: 2,
};

/**
 * The provider a conversation uses: its own choice while that provider exists, else
 * the active one, else the first saved; null while no provider is saved.
 */
export function providerFor(
  settings: AgentSettings,
  providerId: string | null | undefined,
): ProviderSetup | null {
  const byId = (id: string | null | undefined) => settings.providers.find((setup) => setup.id === id);
  return byId(providerId) ?? byId(settings.activeProviderId) ?? settings.providers[0] ?? null;
}

/** Why nothing can run while no provider is saved, and where to add one. */
export const NO_PROVIDER_REASON =
  'No model provider is set up yet: add one in Settings → Providers (a hosted API with its key, a server on this computer, or a model that runs in this tab).';

/**
 * Why a run cannot start with `provider`, before any request: there is none, or it is a
 * hosted API without its key (`missingKeyReason`). Null when it may answer.
 */
export function providerBlocker(provider: ProviderSetup | null): string | null {
  return provider === null ? NO_PROVIDER_REASON : missingKeyReason(provider);
}

import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { EventBody } from '../../shared/protocol/events.ts';
import type { McpServerStatus } from '../../shared/protocol/mcp-status.ts';
import { visionOf } from '../../shared/protocol/model-vision.ts';
import {
  capabilitiesFor,
  effectiveWindowTokens,
  missingKeyReason,
  type ProviderSetup,
  type ServerCapabilities,
  type ToolCallMode,
  toolCallModeOf,
} from '../../shared/protocol/providers.ts';
import { type AgentSettings, NO_PROVIDER_REASON, providerFor } from '../../shared/protocol/settings.ts';
import type { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { EventRepository } from '../../shared/storage/event-repository.ts';
import type { PlanRepository } from '../../shared/storage/plan-repository.ts';
import type { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import { systemPromptWith } from '../engine/context/start-context-text.ts';
import type { Journal } from '../engine/journal.ts';
import type { LoopContext, StepTiming } from '../engine/loop.ts';
import { SpendCap } from '../engine/spend-cap.ts';
import {
  CONVERSATION_ROOM_TOKENS,
  descriptionsForWindow,
  fixedPromptTokens,
  type ToolDescriptions,
  withToolDescriptions,
} from '../engine/tool-descriptions.ts';
import type { ModelProvider } from '../llm/chat-messages.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../llm/model-retries.ts';
import {
  afterReplyLearned,
  recheckedFor,
  shouldProbe,
  underMode,
} from '../llm/providers/remote/capabilities.ts';
import type { ConversationSandboxes } from '../sandbox/conversation-sandboxes.ts';
import type { McpListing } from '../toolkit/mcp/mcp-catalog.ts';
import { mcpToolsForRun } from '../toolkit/mcp/mcp-run.ts';
import { withMcpTools } from '../toolkit/mcp/mcp-tools.ts';
import type { PreviewBrowserLink } from '../toolkit/ports/live-previews.ts';
import { createModelCompletion } from '../toolkit/ports/model-completion.ts';
import { createSandboxNetwork, RunPorts } from '../toolkit/ports/run-ports.ts';
import { defineProfile, findProfile, type ToolProfile } from '../toolkit/profile.ts';
import type { ScheduleService } from './schedules/schedule-service.ts';
import { askServer } from './server-knowledge.ts';
import type { SubAgents } from './sub-agents.ts';

/** The notice that MCP servers switched on gave this conversation no tools, naming each and why. */
function mcpUnavailableNotice(failures: readonly string[]): EventBody {
  return {
    type: 'notice',
    kind: 'mcp_unavailable',
    text: `${failures.join(' ')} This conversation has no tools from ${failures.length === 1 ? 'it' : 'them'}; check Settings → MCP.`,
    forModel: false,
  };
}

/** Each listed server's status as Settings → MCP shows it, by server id. */
function mcpStatuses(listings: readonly McpListing[], at: number): Record<string, McpServerStatus> {
  return Object.fromEntries(
    listings.map((listing): [string, McpServerStatus] => [
      listing.serverId,
      listing.failure === null
        ? { ok: true, toolCount: listing.toolCount, url: listing.url, at, source: 'conversation' }
        : { ok: false, message: listing.failure, url: listing.url, at, source: 'conversation' },
    ]),
  );
}

/** How a run's provider is to call its server, and where what it learns is kept. */
export type ServerContext = {
  mode: ToolCallMode;
  capabilities: ServerCapabilities | null;
  onLearned: (capabilities: ServerCapabilities) => Promise<void>;
};

/** Where preview URLs point when no app URL is given (tests, where nothing serves them). */
const LOCAL_APP_BASE_URL = 'http://localhost/';

/** What the runtime hands over to prepare a run. */
export type RunPreparationDependencies = {
  repositories: { conversations: ConversationRepository; events: EventRepository; plans: PlanRepository };
  settings: SettingsRepository;
  profiles: readonly ToolProfile[];
  sandboxes: ConversationSandboxes;
  journal: Journal;
  /** Where the `schedule` tool's schedules go (absent: the tool says schedules are not available). */
  schedules?: Pick<ScheduleService, 'create' | 'list' | 'update' | 'delete' | 'timeZone'>;
  /** Runs sub-agents for `task` calls (absent: they fail saying so). */
  subAgents?: Pick<SubAgents, 'run'>;
  publish: (message: BroadcastMessage) => void;
  createProvider: (setup: ProviderSetup, settings: AgentSettings, server: ServerContext) => ModelProvider;
  /** The `fetch` that asks model servers about themselves (default: the platform's). */
  probeFetch?: typeof fetch;
  newId: () => string;
  now: () => number;
  appBaseUrl?: string;
  /** The page's preview browser, once connected (live previews for the run's tools). */
  previewBrowser?: PreviewBrowserLink;
  fetch?: typeof fetch;
  onStepTiming?: (timing: StepTiming) => void;
  /** How long a minute of a run's time limit lasts, in ms (default 60,000). */
  minuteMs?: number;
  /** How failed model requests are retried, beside the count in the settings. */
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries'>>;
};

/** One run as the runtime starts it: its conversation, the person's stop, the retries' Cancel, queued messages. */
export type RunHandle = {
  conversationId: string;
  signal: AbortSignal;
  /** Aborted when the person cancels the retries of a failed model request. */
  giveUpRetries?: () => AbortSignal;
  takeQueuedMessages: () => string[];
};

/**
 * Reads what a run starts from (settings, log, plan, the conversation) and builds what it
 * runs with: its profile, its provider, its sandbox opener and its ports. Null when the
 * conversation is no longer running (another tab took the run over while this one waited
 * for the lock, and finished it). Throws when the conversation's profile is unknown.
 */
export async function prepareRun(
  dependencies: RunPreparationDependencies,
  run: RunHandle,
): Promise<{ loop: LoopContext } | null> {
  const { conversationId, signal } = run;
  const { repositories, fetch, publish, now } = dependencies;
  const settings = await dependencies.settings.getAgentSettings();
  const [events, plan, conversation] = await Promise.all([
    repositories.events.list(conversationId),
    repositories.plans.get(conversationId),
    repositories.conversations.get(conversationId),
  ]);
  if (conversation?.status !== 'running') return null;
  const found = findProfile(conversation.profileId, dependencies.profiles);
  // A sub-agent gets its profile without the tools the profile keeps from sub-agents (`task`).
  const profile = found && conversation.parent ? subAgentProfile(found) : found;
  if (!profile) {
    throw new Error(
      `This conversation uses the tool profile "${conversation.profileId}", which this version of Sandpiper does not have.`,
    );
  }
  const provider = providerFor(settings, conversation.providerId);
  // No provider saved, or a hosted API that wants a key without one: said now, before any request leaves.
  if (!provider) throw new Error(NO_PROVIDER_REASON);
  const missingKey = missingKeyReason(provider);
  if (missingKey) throw new Error(missingKey);
  // The profile's tools, then the MCP tools the conversation started with (Settings → MCP).
  const mcpTools = await mcpToolsForRun({
    conversation,
    settings,
    conversations: repositories.conversations,
    saveOAuth: (serverId, oauth) => dependencies.settings.putMcpOAuth(serverId, oauth),
    signal,
    onUnavailable: (failures) =>
      dependencies.journal.append(conversationId, [mcpUnavailableNotice(failures)]).then(() => undefined),
    // Each server's last status for Settings → MCP (a failure to record it costs the run nothing).
    onListed: (listings) =>
      dependencies.settings
        .putMcpStatuses('conversation', mcpStatuses(listings, now()))
        .catch(() => undefined),
    ...(fetch ? { fetch } : {}),
  });
  // Its prompt, then what it started with (skills, project, memories), in the form its descriptions take.
  const profileFor = (form: ToolDescriptions) =>
    withToolDescriptions(
      withMcpTools(
        { ...profile, systemPrompt: systemPromptWith(profile.systemPrompt, conversation.startContext, form) },
        mcpTools,
      ),
      form,
    );
  const capabilities = await knownCapabilities(dependencies, provider, conversationId, signal);
  const contextWindowTokens = effectiveWindowTokens(provider, capabilities);
  const descriptions = descriptionsToUse(profileFor, conversation.toolDescriptions, contextWindowTokens);
  if (descriptions !== conversation.toolDescriptions) {
    await repositories.conversations.setToolDescriptions(conversationId, descriptions);
  }
  const server: ServerContext = {
    mode: toolCallModeOf(provider),
    capabilities,
    onLearned: (learned) =>
      dependencies.settings.putServerCapabilities(
        provider.id,
        afterReplyLearned(learned, capabilities, conversationId, now()),
      ),
  };
  // A sub-agent works in its parent's workspace (the same project), through the same sandbox.
  const openSandbox = dependencies.sandboxes.opener(
    conversation.parent?.conversationId ?? conversationId,
    settings,
    createSandboxNetwork(settings, fetch ? { fetch } : {}),
  );
  const retryPolicy = { ...DEFAULT_RETRY_POLICY, ...dependencies.retryPolicy, retries: settings.maxRetries };
  const never = new AbortController().signal;
  const giveUpRetries = run.giveUpRetries ?? (() => never);
  // One provider for the run: the loop's requests and its tools' completions (never at once).
  const modelProvider = dependencies.createProvider(provider, settings, server);
  const services = new RunPorts(
    {
      conversationId,
      settings,
      events,
      openSandbox,
      signal,
      now,
      seesImages: visionOf(provider, capabilities).seesImages,
      origin: { conversationId, providerId: provider.id, profileId: profile.id },
    },
    {
      appBaseUrl: dependencies.appBaseUrl ?? LOCAL_APP_BASE_URL,
      publish,
      ...(fetch ? { fetch } : {}),
      ...(dependencies.schedules ? { schedules: dependencies.schedules } : {}),
      ...(dependencies.subAgents ? { subAgents: dependencies.subAgents } : {}),
      ...(dependencies.previewBrowser ? { previewBrowser: dependencies.previewBrowser } : {}),
      completion: createModelCompletion(modelProvider, provider.apiKey ? [provider.apiKey] : [], {
        policy: retryPolicy,
        giveUp: giveUpRetries,
      }),
    },
  );
  return {
    loop: {
      conversationId,
      profile: profileFor(descriptions),
      events,
      plan,
      settings,
      provider: modelProvider,
      contextWindowTokens,
      spendCap: new SpendCap({ settings, provider, ledger: dependencies.journal.ledger, now }),
      journal: dependencies.journal,
      signal,
      retryPolicy,
      giveUpRetries,
      takeQueuedMessages: run.takeQueuedMessages,
      newId: dependencies.newId,
      now,
      openSandbox,
      services,
      ...(dependencies.onStepTiming ? { onStepTiming: dependencies.onStepTiming } : {}),
    },
  };
}

/**
 * What is known about the provider's server, asking it first when that is due (every
 * remote provider, whatever its preset), and in auto, a switch another conversation's
 * replies made tried again natively once. Kept for the next runs.
 */
async function knownCapabilities(
  dependencies: RunPreparationDependencies,
  provider: ProviderSetup,
  conversationId: string,
  signal: AbortSignal,
): Promise<ServerCapabilities | null> {
  const known = capabilitiesFor(provider, await dependencies.settings.getServerCapabilities());
  const now = dependencies.now();
  const mode = toolCallModeOf(provider);
  let learned = known;
  let isChanged = false;
  if (shouldProbe(provider, known, now)) {
    const { probeFetch } = dependencies;
    learned = await askServer(provider, known, {
      now: () => now,
      signal,
      ...(probeFetch ? { probeFetch } : {}),
    });
    // A stop while asking: nothing heard is kept.
    if (signal.aborted) return known && underMode(known, mode);
    isChanged = learned !== null;
  }
  const rechecked = learned && recheckedFor(learned, mode, conversationId, now);
  if (rechecked) [learned, isChanged] = [rechecked, true];
  if (learned && isChanged) await dependencies.settings.putServerCapabilities(provider.id, learned);
  return learned && underMode(learned, mode);
}

/**
 * The tool descriptions a run uses: the conversation's, chosen at its first run from the
 * window; a conversation whose full descriptions no longer fit its model's window (a
 * server restarted with a smaller `-c`, say) moves to the compact ones once, rather than
 * never running again.
 */
function descriptionsToUse(
  profileFor: (form: ToolDescriptions) => ToolProfile,
  chosen: ToolDescriptions | undefined,
  windowTokens: number,
): ToolDescriptions {
  if (chosen === undefined) return descriptionsForWindow(windowTokens);
  const fits = (form: ToolDescriptions) =>
    fixedPromptTokens(profileFor(form)) + CONVERSATION_ROOM_TOKENS <= windowTokens;
  return chosen === 'full' && !fits('full') && fits('compact') ? 'compact' : chosen;
}

/** A profile as its sub-agents get it: without the tools it keeps from them. */
function subAgentProfile(profile: ToolProfile): ToolProfile {
  const excluded = new Set(profile.subAgentExcludedTools ?? []);
  if (excluded.size === 0) return profile;
  return defineProfile({ ...profile, tools: profile.tools.filter((tool) => !excluded.has(tool.name)) });
}

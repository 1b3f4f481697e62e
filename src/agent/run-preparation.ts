import type { BroadcastMessage } from '../protocol/broadcast.ts';
import type { ProviderProfile } from '../protocol/providers.ts';
import { type AgentSettings, providerFor } from '../protocol/settings.ts';
import type { ConversationSandboxes } from '../sandbox/conversation-sandboxes.ts';
import type { ConversationRepository } from '../storage/conversation-repository.ts';
import type { EventRepository } from '../storage/event-repository.ts';
import type { PlanRepository } from '../storage/plan-repository.ts';
import type { SettingsRepository } from '../storage/settings-repository.ts';
import type { Journal } from './journal.ts';
import type { LoopContext, StepTiming } from './loop.ts';
import { createSandboxNetwork, RunServices } from './ports/run-services.ts';
import { findProfile } from './profiles/index.ts';
import type { ToolProfile } from './profiles/profile.ts';
import type { ModelProvider } from './providers/chat-messages.ts';

/** Where preview URLs point when no app URL is given (tests, where nothing serves them). */
const LOCAL_APP_BASE_URL = 'http://localhost/';

/** What the runtime hands over to prepare a run. */
export type RunPreparationDependencies = {
  repositories: { conversations: ConversationRepository; events: EventRepository; plans: PlanRepository };
  settings: SettingsRepository;
  profiles: readonly ToolProfile[];
  sandboxes: ConversationSandboxes;
  journal: Journal;
  publish: (message: BroadcastMessage) => void;
  createProvider: (profile: ProviderProfile, settings: AgentSettings) => ModelProvider;
  newId: () => string;
  now: () => number;
  appBaseUrl?: string;
  fetch?: typeof fetch;
  onStepTiming?: (timing: StepTiming) => void;
};

/**
 * Reads what a run starts from (settings, log, plan, the conversation) and builds what it
 * runs with: its profile, its provider, its sandbox opener and its ports. Null when the
 * conversation is no longer running (another tab took the run over while this one waited
 * for the lock, and finished it). Throws when the conversation's profile is unknown.
 */
export async function prepareRun(
  dependencies: RunPreparationDependencies,
  run: { conversationId: string; signal: AbortSignal; takeQueuedMessages: () => string[] },
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
  const profile = findProfile(conversation.profileId, dependencies.profiles);
  if (!profile) {
    throw new Error(
      `This conversation uses the tool profile "${conversation.profileId}", which this version of Sandpiper does not have.`,
    );
  }
  const provider = providerFor(settings, conversation.providerId);
  const openSandbox = dependencies.sandboxes.opener(
    conversationId,
    settings,
    createSandboxNetwork(settings, fetch ? { fetch } : {}),
  );
  const services = new RunServices(
    { conversationId, settings, openSandbox, signal, now },
    { appBaseUrl: dependencies.appBaseUrl ?? LOCAL_APP_BASE_URL, publish, ...(fetch ? { fetch } : {}) },
  );
  return {
    loop: {
      conversationId,
      profile,
      events,
      plan,
      settings,
      provider: dependencies.createProvider(provider, settings),
      contextWindowTokens: provider.contextWindowTokens,
      journal: dependencies.journal,
      signal,
      takeQueuedMessages: run.takeQueuedMessages,
      newId: dependencies.newId,
      now,
      openSandbox,
      services,
      ...(dependencies.onStepTiming ? { onStepTiming: dependencies.onStepTiming } : {}),
    },
  };
}

import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import { addTokenUsage, type StoredEvent, type TokenUsage } from '@/shared/protocol/events.ts';
import { mcpTokenSecrets } from '@/shared/protocol/mcp.ts';
import type { Plan } from '@/shared/protocol/phase-plan.ts';
import { HTTP_METHODS, type NetworkPort } from '@/shared/protocol/ports/network-port.ts';
import type { ToolProgress } from '@/shared/protocol/ports/progress-port.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { Schedule, ScheduleEdit } from '@/shared/protocol/schedules.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';
import { createMediaService } from '../media/media-service.ts';
import { createConversationModes } from '../modes/conversation-modes.ts';
import type { ToolContext } from '../tool-context.ts';
import { createVisionPort } from '../vision/vision-service.ts';
import { createPageService } from '../web/browse/page-service.ts';
import { canvasThumbnailer, type Thumbnailer } from '../web/images/thumbnails.ts';
import { ServiceQueues } from '../web/rate-limits.ts';
import { SEARCH_PROVIDERS } from '../web/search/providers/index.ts';
import type { SearchProvider } from '../web/search/search-provider.ts';
import { createSearchService } from '../web/search/search-service.ts';
import { SYSTEM_CLOCK, type WebClock } from '../web/web-clock.ts';
import { WebNetworks } from '../web/web-networks.ts';
import type { CompletionPort } from './completion-port.ts';
import { createFetchNetwork, READ_ONLY_METHODS } from './fetch-network.ts';
import { createLivePreviews, type PreviewBrowserLink, unavailableLivePreviews } from './live-previews.ts';
import { createModelCompletion } from './model-completion.ts';
import type { ModesPort } from './modes-port.ts';
import { createPreviews } from './previews.ts';
import { createProgress } from './progress.ts';
import { redactingSandbox } from './redacting-sandbox.ts';
import { type ScheduleRequest, type SchedulesPort, unavailableSchedules } from './schedules-port.ts';
import { SecretVault } from './secret-vault.ts';
import type { SubAgentOutcome, SubAgentRequest, SubAgentsPort } from './sub-agents-port.ts';
import type { VisionPort } from './vision-port.ts';
import { createWorkspaceFiles } from './workspace-files.ts';
import { createXProxyPort } from './x-proxy.ts';

/** Where a tool's schedule comes from: its conversation, and that conversation's provider and profile. */
export type ScheduleOrigin = { conversationId: string; providerId: string | null; profileId: string };

/** The runtime's schedule service, as a run's schedules port uses it. */
export type ScheduleBackend = {
  create(
    request: ScheduleRequest,
    origin: ScheduleOrigin,
  ): Promise<{ schedule: Schedule } | { error: string }>;
  list(): Promise<Schedule[]>;
  /** Rejects with the reason when the edit cannot be applied. */
  update(id: string, edit: ScheduleEdit): Promise<Schedule>;
  delete(id: string): Promise<void>;
  timeZone(): string;
};

/** The parent action a sub-agent works for, and its stop signal. */
export type SubAgentParent = { conversationId: string; actionUuid: string; signal: AbortSignal };

/** The runtime's sub-agents, as a run's sub-agents port uses them. */
export type SubAgentBackend = {
  run(parent: SubAgentParent, request: SubAgentRequest): Promise<SubAgentOutcome>;
};

/** `build`'s value, built on the first call and kept. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | null = null;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/** What the platform gives the run's services (tests pass their own `fetch`, clock and providers). */
export type RunEnvironment = {
  /** The app's scope URL (where `/preview/` is served), e.g. `https://example.com/sandpiper/`. */
  appBaseUrl: string;
  publish: (message: BroadcastMessage) => void;
  fetch?: typeof fetch;
  /** The web services' queues (rate limits), shared by every run of the worker. */
  webQueues?: ServiceQueues;
  webClock?: WebClock;
  searchProviders?: readonly SearchProvider[];
  thumbnailer?: Thumbnailer;
  /** Where schedules go (the runtime's schedule service); absent: the `schedule` tool says it is not available. */
  schedules?: ScheduleBackend;
  /** Runs sub-agents (the runtime's); absent: a `task` call fails saying so. */
  subAgents?: SubAgentBackend;
  /** The completion port of the run's tools (its own provider); absent: tools are told no model is available. */
  completion?: CompletionPort;
  /** The page's preview browser, once connected (the runtime's); absent: live previews are not available. */
  previewBrowser?: PreviewBrowserLink;
};

/**
 * Shorter provider keys are placeholders local servers accept (`ollama`, `none`), not
 * secrets; redacting them would garble every output that mentions the word.
 */
const MIN_PROVIDER_KEY_LENGTH = 12;

/** The saved providers' API keys as named secrets (`provider:<id>`), for redaction only. */
function providerKeySecrets(settings: AgentSettings): Record<string, string> {
  return Object.fromEntries(
    settings.providers
      .filter((provider) => provider.apiKey.trim().length >= MIN_PROVIDER_KEY_LENGTH)
      .map((provider) => [`provider:${provider.id}`, provider.apiKey]),
  );
}

/** The completion port of a run given no provider for its tools. */
const NO_COMPLETION = createModelCompletion(null);

/**
 * The vault of a run's settings: tool keys that tools read by name, and providers' keys
 * and MCP servers' tokens, redacted like them but readable by no tool.
 */
export function settingsVault(settings: AgentSettings): SecretVault {
  return new SecretVault(settings.toolKeys, {
    ...providerKeySecrets(settings),
    ...mcpTokenSecrets(settings.mcpServers),
  });
}

/** Rate limits count per browser, not per run: one set of queues for the worker's life. */
const WORKER_QUEUES = new ServiceQueues();

/**
 * The network the sandbox's `curl` uses: the same allow-list as the tools' (one policy,
 * from Settings → Sandbox), for reading only.
 */
export function createSandboxNetwork(
  settings: AgentSettings,
  environment: Pick<RunEnvironment, 'fetch'>,
): NetworkPort {
  return createFetchNetwork({
    policy: { allowedUrlPrefixes: settings.allowedUrlPrefixes, allowedMethods: READ_ONLY_METHODS },
    ...(environment.fetch ? { fetch: environment.fetch } : {}),
  });
}

/**
 * The ports of one run, built once when the run starts (from its settings), and the
 * factory of each action's tool context. Everything the run writes or announces passes
 * through `redact` (events, progress, files saved through the workspace port, what tools
 * write or run in the sandbox, schedules and sub-agents' prompts), so no key or token from
 * the settings reaches the log, a broadcast, the workspace or a bundle.
 */
export class RunPorts {
  private readonly vault: SecretVault;
  private readonly network: NetworkPort;
  private readonly webNetworks: WebNetworks;
  /** The conversation's modes: read from its log once, then shared by every action of the run. */
  private readonly modes: ModesPort;
  private readonly vision: VisionPort;
  /** Tokens each action's own model requests spent, until the runtime records them with its completion. */
  private readonly actionUsage = new Map<string, TokenUsage>();
  private readonly toolSandboxes = new WeakMap<SandboxPort, SandboxPort>();

  constructor(
    private readonly run: {
      conversationId: string;
      settings: AgentSettings;
      /** The conversation's log as the run starts (its modes are read from it). */
      events: readonly StoredEvent[];
      openSandbox: () => Promise<SandboxPort>;
      signal: AbortSignal;
      now: () => number;
      /** Whether the run's provider sees images (absent: no). */
      seesImages?: boolean;
      /** What a schedule made in this run keeps: the conversation, its provider and tool profile. */
      origin?: { conversationId: string; providerId: string | null; profileId: string };
    },
    private readonly environment: RunEnvironment,
  ) {
    const { settings } = run;
    this.vault = settingsVault(settings);
    this.network = createFetchNetwork({
      policy: { allowedUrlPrefixes: settings.allowedUrlPrefixes, allowedMethods: HTTP_METHODS },
      ...(environment.fetch ? { fetch: environment.fetch } : {}),
    });
    this.webNetworks = new WebNetworks(
      settings.web,
      environment.fetch,
      new URL(environment.appBaseUrl).origin,
    );
    this.modes = createConversationModes(run.events);
    this.vision = createVisionPort(run.seesImages ?? false);
  }

  /** The context a tool runs with for the action `uuid`. */
  toolContext(uuid: string, plan: Plan | null): ToolContext {
    const { conversationId, openSandbox, signal, now } = this.run;
    /** Each output stream of the action, redacted across its chunks. */
    const streams = new Map<string, (chunk: string) => string>();
    const progress = createProgress((update) => {
      const redacted = this.redactProgress(streams, update);
      if (redacted)
        this.environment.publish({ type: 'tool_progress', conversationId, uuid, progress: redacted });
    });
    const workspace = createWorkspaceFiles(openSandbox, this.redactContent, (path) =>
      this.vault.redact(path),
    );
    const { appBaseUrl } = this.environment;
    const previews = createPreviews({ conversationId, appBaseUrl, openSandbox });
    const { previewBrowser } = this.environment;
    const livePreviews = previewBrowser
      ? createLivePreviews({ conversationId, appBaseUrl, link: previewBrowser })
      : unavailableLivePreviews();
    const web = {
      web: this.run.settings.web,
      networks: this.webNetworks,
      secrets: this.vault,
      queues: this.environment.webQueues ?? WORKER_QUEUES,
      clock: this.environment.webClock ?? SYSTEM_CLOCK,
      progress,
      workspace,
    };
    // The web, media and X services are built on first use: most calls (a file write, a
    // todo list) never reach them.
    const search = once(() =>
      createSearchService({
        ...web,
        providers: this.environment.searchProviders ?? SEARCH_PROVIDERS,
        thumbnailer: this.environment.thumbnailer ?? canvasThumbnailer,
      }),
    );
    const pages = once(() =>
      createPageService({ ...web, conversationId, appBaseUrl, previews, livePreviews }),
    );
    const fetchOption = this.environment.fetch ? { fetch: this.environment.fetch } : {};
    const media = once(() =>
      createMediaService({ media: this.run.settings.media, secrets: this.vault, progress, ...fetchOption }),
    );
    const x = once(() =>
      createXProxyPort({ settings: this.run.settings.x, secrets: this.vault, ...fetchOption }),
    );
    const schedules = once(() => this.schedulesPort());
    const subAgents = once(() => this.subAgentsPort(uuid));
    const completion = once(() => this.countedCompletion(uuid));
    return {
      conversationId,
      uuid,
      plan,
      signal,
      now,
      sandbox: async () => this.toolSandbox(await openSandbox()),
      network: this.network,
      secrets: this.vault,
      progress,
      workspace,
      previews,
      livePreviews,
      get search() {
        return search();
      },
      get pages() {
        return pages();
      },
      get media() {
        return media();
      },
      modes: this.modes,
      vision: this.vision,
      get schedules() {
        return schedules();
      },
      get subAgents() {
        return subAgents();
      },
      get completion() {
        return completion();
      },
      get x() {
        return x();
      },
    };
  }

  /**
   * The sandbox as the run's tools see it (secrets redacted from what they write or run),
   * one wrapper per sandbox for the run: tools that remember a sandbox (a warm Python) still
   * recognise it.
   */
  private toolSandbox(sandbox: SandboxPort): SandboxPort {
    let wrapped = this.toolSandboxes.get(sandbox);
    if (!wrapped) {
      wrapped = redactingSandbox(sandbox, {
        text: (text) => this.vault.redact(text),
        content: this.redactContent,
      });
      this.toolSandboxes.set(sandbox, wrapped);
    }
    return wrapped;
  }

  /** The sub-agents of the action `uuid`, stopped with the run. */
  private subAgentsPort(uuid: string): SubAgentsPort {
    const { subAgents } = this.environment;
    const { conversationId, signal } = this.run;
    return {
      run: (request) => {
        if (!subAgents) return Promise.reject(new Error('Sub-agents are not available in this environment.'));
        // Its prompt starts a conversation of its own: no secret goes there either.
        return subAgents.run({ conversationId, actionUuid: uuid, signal }, this.vault.redact(request));
      },
    };
  }

  /** The schedules port of this run's actions (schedules made with its conversation's provider and profile). */
  private schedulesPort(): SchedulesPort {
    const { schedules } = this.environment;
    const { origin } = this.run;
    if (!schedules || !origin)
      return unavailableSchedules('Scheduling is not available in this environment.');
    return {
      // A schedule's name and prompt are saved, shown and start runs: no secret goes there.
      create: (request) => schedules.create(this.vault.redact(request), origin),
      list: () => schedules.list(),
      update: async (id, edit) => {
        try {
          return { schedule: await schedules.update(id, this.vault.redact(edit)) };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      },
      delete: (id) => schedules.delete(id),
      timeZone: () => schedules.timeZone(),
    };
  }

  /** A progress report with keys replaced; null when an output chunk has nothing to show yet. */
  private redactProgress(
    streams: Map<string, (chunk: string) => string>,
    progress: ToolProgress,
  ): ToolProgress | null {
    if (progress.kind === 'status') return this.vault.redact(progress);
    const key = `${progress.channel}\u0000${progress.stream}`;
    let redactor = streams.get(key);
    if (!redactor) {
      redactor = this.vault.streamRedactor();
      streams.set(key, redactor);
    }
    const text = redactor(progress.text);
    // The channel is named by the call (a shell session's name): a key there is redacted too (found by the runtime fuzz).
    return text === '' ? null : { ...progress, channel: this.vault.redact(progress.channel), text };
  }

  /** File content with keys replaced: text, and bytes that are UTF-8 text (others are left as they are). */
  private readonly redactContent = (content: string | Uint8Array): string | Uint8Array => {
    if (typeof content === 'string') return this.vault.redact(content);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      return content;
    }
    const redacted = this.vault.redact(text);
    return redacted === text ? content : new TextEncoder().encode(redacted);
  };

  /** The tokens the action `uuid`'s own model requests spent (null: none), forgotten once read. */
  takeActionUsage(uuid: string): TokenUsage | null {
    const usage = this.actionUsage.get(uuid) ?? null;
    this.actionUsage.delete(uuid);
    return usage;
  }

  /** The run's completion port for the action `uuid`, adding what each request spends to its usage. */
  private countedCompletion(uuid: string): CompletionPort {
    const completion = this.environment.completion ?? NO_COMPLETION;
    return {
      complete: async (request, signal) => {
        // What the tool sends its model is redacted like everything the run writes (a key the
        // model put in its call would otherwise go to the provider; found by the runtime fuzz).
        const result = await completion.complete(this.vault.redact(request), signal);
        if ('usage' in result && result.usage) {
          const before = this.actionUsage.get(uuid);
          this.actionUsage.set(uuid, before ? addTokenUsage(before, result.usage) : result.usage);
        }
        return result;
      },
    };
  }

  /** `value` with every key and token of the settings replaced (see `SecretVault`). */
  redact<T>(value: T): T {
    return this.vault.redact(value);
  }

  /** A thrown error with any secret in its message replaced. */
  redactError(error: unknown): unknown {
    return this.vault.redactError(error);
  }
}

import type { BroadcastMessage } from '../../protocol/broadcast.ts';
import type { Plan } from '../../protocol/plan.ts';
import type { HttpMethod, NetworkPort } from '../../protocol/ports/network.ts';
import type { SandboxPort } from '../../protocol/ports/sandbox.ts';
import type { AgentSettings } from '../../protocol/settings.ts';
import type { ToolContext } from '../tools/tool-context.ts';
import { createFetchNetwork, READ_ONLY_METHODS } from './fetch-network.ts';
import { createPreviews } from './previews.ts';
import { createProgress } from './progress.ts';
import { SecretVault } from './secret-vault.ts';
import { createWorkspaceFiles } from './workspace-files.ts';

const ALL_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What the platform gives the run's services (tests pass their own `fetch`). */
export type RunEnvironment = {
  /** The app's scope URL (where `/preview/` is served), e.g. `https://example.com/sandpiper/`. */
  appBaseUrl: string;
  publish: (message: BroadcastMessage) => void;
  fetch?: typeof fetch;
};

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
 * through `redact`, so no secret from the settings reaches the log, a broadcast or a bundle.
 */
export class RunServices {
  private readonly vault: SecretVault;
  private readonly network: NetworkPort;

  constructor(
    private readonly run: {
      conversationId: string;
      settings: AgentSettings;
      openSandbox: () => Promise<SandboxPort>;
      signal: AbortSignal;
      now: () => number;
    },
    private readonly environment: RunEnvironment,
  ) {
    const { settings } = run;
    const providerKeys = Object.fromEntries(
      settings.providers.map((profile) => [`API key of ${profile.name}`, profile.apiKey]),
    );
    this.vault = new SecretVault(settings.toolKeys, providerKeys);
    this.network = createFetchNetwork({
      policy: { allowedUrlPrefixes: settings.allowedUrlPrefixes, allowedMethods: ALL_METHODS },
      ...(environment.fetch ? { fetch: environment.fetch } : {}),
    });
  }

  /** The context a tool runs with for the action `uuid`. */
  toolContext(uuid: string, plan: Plan | null): ToolContext {
    const { conversationId, openSandbox, signal, now } = this.run;
    return {
      conversationId,
      uuid,
      plan,
      signal,
      now,
      sandbox: openSandbox,
      network: this.network,
      secrets: this.vault,
      progress: createProgress((progress) =>
        this.environment.publish({
          type: 'tool_progress',
          conversationId,
          uuid,
          progress: this.vault.redact(progress),
        }),
      ),
      workspace: createWorkspaceFiles(openSandbox),
      previews: createPreviews({ conversationId, appBaseUrl: this.environment.appBaseUrl, openSandbox }),
    };
  }

  /** `value` with every secret of the settings replaced (see `SecretVault`). */
  redact<T>(value: T): T {
    return this.vault.redact(value);
  }

  /** A thrown error with any secret in its message replaced. */
  redactError(error: unknown): unknown {
    return this.vault.redactError(error);
  }
}

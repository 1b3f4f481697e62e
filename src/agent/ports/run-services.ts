import type { BroadcastMessage } from '../../protocol/broadcast.ts';
import type { Plan } from '../../protocol/plan.ts';
import { HTTP_METHODS, type NetworkPort } from '../../protocol/ports/network.ts';
import type { ToolProgress } from '../../protocol/ports/progress.ts';
import type { SandboxPort } from '../../protocol/ports/sandbox.ts';
import type { AgentSettings } from '../../protocol/settings.ts';
import type { ToolContext } from '../tools/tool-context.ts';
import { createFetchNetwork, READ_ONLY_METHODS } from './fetch-network.ts';
import { createPreviews } from './previews.ts';
import { createProgress } from './progress.ts';
import { SecretVault } from './secret-vault.ts';
import { createWorkspaceFiles } from './workspace-files.ts';

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
 * through `redact` (events, progress, files saved through the workspace port), so no tool
 * key from the settings reaches the log, a broadcast, the workspace or a bundle.
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
    this.vault = new SecretVault(settings.toolKeys);
    this.network = createFetchNetwork({
      policy: { allowedUrlPrefixes: settings.allowedUrlPrefixes, allowedMethods: HTTP_METHODS },
      ...(environment.fetch ? { fetch: environment.fetch } : {}),
    });
  }

  /** The context a tool runs with for the action `uuid`. */
  toolContext(uuid: string, plan: Plan | null): ToolContext {
    const { conversationId, openSandbox, signal, now } = this.run;
    /** Each output stream of the action, redacted across its chunks. */
    const streams = new Map<string, (chunk: string) => string>();
    return {
      conversationId,
      uuid,
      plan,
      signal,
      now,
      sandbox: openSandbox,
      network: this.network,
      secrets: this.vault,
      progress: createProgress((progress) => {
        const redacted = this.redactProgress(streams, progress);
        if (redacted)
          this.environment.publish({ type: 'tool_progress', conversationId, uuid, progress: redacted });
      }),
      workspace: createWorkspaceFiles(openSandbox, (content) => this.redactContent(content)),
      previews: createPreviews({ conversationId, appBaseUrl: this.environment.appBaseUrl, openSandbox }),
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
    return text === '' ? null : { ...progress, text };
  }

  /** File content with keys replaced: text, and bytes that are UTF-8 text (others are left as they are). */
  private redactContent(content: string | Uint8Array): string | Uint8Array {
    if (typeof content === 'string') return this.vault.redact(content);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      return content;
    }
    const redacted = this.vault.redact(text);
    return redacted === text ? content : new TextEncoder().encode(redacted);
  }

  /** `value` with every tool key of the settings replaced (see `SecretVault`). */
  redact<T>(value: T): T {
    return this.vault.redact(value);
  }

  /** A thrown error with any secret in its message replaced. */
  redactError(error: unknown): unknown {
    return this.vault.redactError(error);
  }
}

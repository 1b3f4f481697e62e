import { sandboxMountsFor } from '../../shared/know-how/start-context.ts';
import type { ReadOnlyMount } from '../../shared/protocol/know-how.ts';
import type { NodeRuntimeHostPort } from '../../shared/protocol/node-runtime-messages.ts';
import type { NetworkPort } from '../../shared/protocol/ports/network-port.ts';
import type { SandboxPort } from '../../shared/protocol/ports/sandbox-port.ts';
import type { AgentSettings } from '../../shared/protocol/settings.ts';
import { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import { KnowHowRepository } from '../../shared/storage/know-how-repository.ts';
import { WorkspaceRepository } from '../../shared/storage/workspace-repository.ts';
import { NodeRuntimeConnection } from './webcontainer/node-runtime-connection.ts';

/** A sandbox that may hold resources beyond the conversation (WebContainer processes). */
type ClosableSandbox = SandboxPort & { close?: () => Promise<void> };

/** A conversation's open sandbox and its kind. */
type OpenSandbox = { kind: SandboxPort['kind']; sandbox: Promise<ClosableSandbox> };

export type ConversationSandboxesOptions = {
  database: SandpiperDatabase;
  now: () => number;
  /** Replaces the choice below entirely (tests inject their sandbox). */
  openSandbox?: (conversationId: string, settings: AgentSettings) => Promise<SandboxPort>;
};

/**
 * Each conversation's sandbox, opened on first use and kept while the worker lives:
 * WebContainer when the `nodeRuntime` setting is on and the main thread's host reports
 * ready, else the virtual sandbox (just-bash, loaded lazily). A sandbox of the other
 * kind is closed and replaced; the workspace in the `files` table is the source of
 * truth, so the new one starts from what was saved.
 */
export class ConversationSandboxes {
  private readonly open = new Map<string, OpenSandbox>();
  private nodeRuntime: NodeRuntimeConnection | null = null;

  constructor(private readonly options: ConversationSandboxesOptions) {}

  /** Takes the main thread's WebContainer host (a comlink proxy). */
  connectNodeRuntime(host: NodeRuntimeHostPort): void {
    this.nodeRuntime = new NodeRuntimeConnection(host);
  }

  /** The conversation's sandbox for a run with `settings`. */
  async sandboxFor(
    conversationId: string,
    settings: AgentSettings,
    network: NetworkPort | null = null,
  ): Promise<SandboxPort> {
    const workdir = await this.nodeRuntimeWorkdir(settings);
    const kind = workdir === null ? 'virtual' : 'webcontainer';
    const cached = this.open.get(conversationId);
    if (cached?.kind === kind) return cached.sandbox;
    if (cached) this.forget(conversationId);
    const entry: OpenSandbox = {
      kind,
      sandbox: this.openSandbox(conversationId, settings, workdir, network),
    };
    entry.sandbox.catch(() => {
      if (this.open.get(conversationId) === entry) this.open.delete(conversationId);
    });
    this.open.set(conversationId, entry);
    return entry.sandbox;
  }

  /**
   * Opens the conversation's sandbox for one run: chosen once, when the run first needs
   * it (a run that never touches the sandbox never opens it); a failed open is retried.
   * `network` is what the virtual sandbox's `curl` may reach (none without it).
   */
  opener(
    conversationId: string,
    settings: AgentSettings,
    network: NetworkPort | null = null,
  ): () => Promise<SandboxPort> {
    let sandbox: Promise<SandboxPort> | undefined;
    return () => {
      sandbox ??= this.sandboxFor(conversationId, settings, network);
      return sandbox.catch((error: unknown) => {
        sandbox = undefined;
        throw error;
      });
    };
  }

  /** Drops the conversation's sandbox, killing the processes it still runs. */
  forget(conversationId: string): void {
    const entry = this.open.get(conversationId);
    this.open.delete(conversationId);
    entry?.sandbox.then((sandbox) => sandbox.close?.()).catch(() => undefined);
  }

  /** The installed skills and the project files the conversation started with, read-only in its sandbox. */
  private async mountsOf(conversationId: string): Promise<ReadOnlyMount[]> {
    const conversation = await new ConversationRepository(this.options.database).get(conversationId);
    return sandboxMountsFor(new KnowHowRepository(this.options.database), conversation?.startContext);
  }

  /** The container's workdir when runs should use the Node runtime now, else null. */
  private async nodeRuntimeWorkdir(settings: AgentSettings): Promise<string | null> {
    if (this.options.openSandbox || !settings.nodeRuntime || !this.nodeRuntime) return null;
    try {
      const readiness = await this.nodeRuntime.readiness();
      return readiness.state === 'ready' ? readiness.workdir : null;
    } catch (error) {
      console.warn('Sandpiper: the Node runtime host did not answer; using the virtual sandbox.', error);
      return null;
    }
  }

  private async openSandbox(
    conversationId: string,
    settings: AgentSettings,
    workdir: string | null,
    network: NetworkPort | null,
  ): Promise<ClosableSandbox> {
    if (this.options.openSandbox) return this.options.openSandbox(conversationId, settings);
    const workspace = new WorkspaceRepository(this.options.database);
    const mounts = await this.mountsOf(conversationId);
    if (workdir !== null && this.nodeRuntime) {
      const { WebContainerSandbox } = await import('./webcontainer/webcontainer-sandbox.ts');
      return WebContainerSandbox.open({
        conversationId,
        workspace,
        limitBytes: settings.workspaceLimitBytes,
        connection: this.nodeRuntime,
        workdir,
        mounts,
        now: this.options.now,
      });
    }
    // just-bash is large: loaded the first time a conversation needs its sandbox.
    const { VirtualSandbox } = await import('./virtual/virtual-sandbox.ts');
    return VirtualSandbox.open({
      conversationId,
      workspace,
      limitBytes: settings.workspaceLimitBytes,
      mounts,
      ...(network ? { network } : {}),
      now: this.options.now,
    });
  }
}

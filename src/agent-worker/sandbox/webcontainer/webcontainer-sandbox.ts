import { concatBytes } from '@/shared/protocol/bytes.ts';
import type { ReadOnlyMount } from '@/shared/protocol/know-how.ts';
import type { ContainerEntry, ContainerEvent } from '@/shared/protocol/node-runtime-messages.ts';
import {
  type ExecOptions,
  type ExecResult,
  type FileStat,
  SandboxError,
  type SandboxEvent,
  type SandboxPort,
} from '@/shared/protocol/ports/sandbox-port.ts';
import { WorkspaceFullError, type WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { FlushQueue, requireCreatablePath, requireOutsideMounts } from '../sandbox-paths.ts';
import { ContainerSessions } from './container-sessions.ts';
import { ContainerWorkspace } from './container-workspace.ts';
import type { KnownServer, NodeRuntimeConnection } from './node-runtime-connection.ts';
import { isExcludedFromSync, WorkspacePaths } from './workspace-paths.ts';

export type WebContainerSandboxOptions = {
  conversationId: string;
  workspace: WorkspaceRepository;
  limitBytes: number;
  connection: NodeRuntimeConnection;
  /** The container's workdir, from the host's readiness. */
  workdir: string;
  /** Read-only trees shown inside the workspace (installed skills, a project's files); never saved. */
  mounts?: readonly ReadOnlyMount[];
  now?: () => number;
};

/**
 * The Node runtime behind the sandbox port: WebContainer (on the main thread, reached
 * through `NodeRuntimeConnection`) with the conversation's workspace mounted at
 * `<workdir>/conversations/<id>`, which the agent sees as /home/ubuntu. The `files`
 * table stays the source of truth: every file operation and every command is synced
 * back before it resolves (`node_modules` excluded), so a reload loses nothing.
 */
export class WebContainerSandbox implements SandboxPort {
  readonly kind = 'webcontainer';
  private readonly listeners = new Set<(event: SandboxEvent) => void>();
  private readonly shells: ContainerSessions;
  private readonly flushes: FlushQueue;
  private unsubscribe: () => void = () => undefined;

  private constructor(
    private readonly paths: WorkspacePaths,
    private readonly workspace: ContainerWorkspace,
    private readonly connection: NodeRuntimeConnection,
    private readonly limitBytes: number,
    private readonly now: () => number,
    private readonly readOnlyRoots: readonly string[],
  ) {
    this.flushes = new FlushQueue(
      () => this.workspace.flush(this.now()),
      (changed) => this.emit({ type: 'files_changed', paths: changed }),
    );
    this.shells = new ContainerSessions({
      connection,
      paths,
      afterAction: () => this.flush(),
      emit: (event) => this.emit(event),
    });
  }

  /** Mounts the conversation's saved workspace into the container and opens its sandbox. */
  static async open(options: WebContainerSandboxOptions): Promise<WebContainerSandbox> {
    const paths = new WorkspacePaths(options.conversationId, options.workdir);
    const workspace = new ContainerWorkspace(
      options.conversationId,
      paths,
      options.connection,
      options.workspace,
      options.limitBytes,
      options.mounts,
    );
    await workspace.load();
    const sandbox = new WebContainerSandbox(
      paths,
      workspace,
      options.connection,
      options.limitBytes,
      options.now ?? Date.now,
      (options.mounts ?? []).map((mount) => mount.mountPoint),
    );
    sandbox.unsubscribe = await options.connection.onEvent((event) => sandbox.onContainerEvent(event));
    return sandbox;
  }

  async readFile(path: string): Promise<Uint8Array> {
    const relative = this.paths.toRelative(path);
    const entry = await this.entry(relative);
    if (!entry) throw notFound(path);
    if (entry.kind === 'directory') throw new SandboxError('is_a_directory', `${path} is a directory.`);
    return this.connection.readFile(this.paths.toContainer(relative));
  }

  async readText(path: string): Promise<string> {
    return new TextDecoder().decode(await this.readFile(path));
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    this.requireWritable(requireCreatablePath(path));
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    await this.write(this.paths.toRelative(path), bytes, false);
  }

  async appendFile(path: string, content: string): Promise<void> {
    this.requireWritable(requireCreatablePath(path));
    await this.write(this.paths.toRelative(path), new TextEncoder().encode(content), true);
  }

  async list(path: string): Promise<FileStat[]> {
    const relative = this.paths.toRelative(path);
    const entry = await this.entry(relative);
    if (!entry) throw notFound(path);
    if (entry.kind !== 'directory') throw new SandboxError('not_a_directory', `${path} is not a directory.`);
    const entries = await this.connection.list(this.paths.toContainer(relative));
    return entries
      .map((child) => this.toStat(relative === '' ? child.name : `${relative}/${child.name}`, child))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async stat(path: string): Promise<FileStat | null> {
    const relative = this.paths.toRelative(path);
    const entry = await this.entry(relative);
    return entry ? this.toStat(relative, entry) : null;
  }

  async mkdir(path: string): Promise<void> {
    const relative = this.requireWritable(requireCreatablePath(path));
    const entry = await this.entry(relative);
    if (entry?.kind === 'file') throw new SandboxError('already_exists', `${path} is a file.`);
    await this.connection.mkdir(this.paths.toContainer(relative));
    await this.flush();
  }

  async remove(path: string, options: { isRecursive?: boolean } = {}): Promise<void> {
    const relative = this.requireWritable(path);
    const entry = await this.entry(relative);
    if (!entry) throw notFound(path);
    if (relative === '') throw new SandboxError('outside_workspace', 'The workspace root cannot be removed.');
    const target = this.paths.toContainer(relative);
    if (
      entry.kind === 'directory' &&
      !options.isRecursive &&
      (await this.connection.list(target)).length > 0
    ) {
      throw new SandboxError(
        'is_a_directory',
        `${path} is a directory that is not empty; remove it recursively.`,
      );
    }
    await this.connection.remove(target, { isRecursive: entry.kind === 'directory' });
    await this.flush();
  }

  async rename(from: string, to: string): Promise<void> {
    const source = this.requireWritable(from);
    const target = this.requireWritable(requireCreatablePath(to));
    if (!(await this.entry(source))) throw notFound(from);
    if (await this.entry(target)) throw new SandboxError('already_exists', `${to} already exists.`);
    await this.connection.mkdir(this.paths.toContainer(parentOf(target)));
    await this.connection.rename(this.paths.toContainer(source), this.paths.toContainer(target));
    await this.flush();
  }

  exec(session: string, command: string, options?: ExecOptions): Promise<ExecResult> {
    return this.shells.exec(session, command, options);
  }

  wait(session: string, timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult> {
    return this.shells.wait(session, timeoutSeconds, signal);
  }

  send(session: string, input: string): Promise<ExecResult> {
    return this.shells.send(session, input);
  }

  kill(session: string): Promise<ExecResult> {
    return this.shells.kill(session);
  }

  async view(session: string): Promise<ExecResult> {
    return this.shells.view(session);
  }

  onEvent(listener: (event: SandboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Dev servers the container reported ready (and not closed since), for `expose`. The
   * container is shared by the page's conversations, so this lists theirs as well.
   */
  listServers(): KnownServer[] {
    return this.connection.knownServers();
  }

  /** Kills the conversation's running processes and stops listening to the container. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.shells.stopAll();
  }

  /** Saves every change in the container since the last sync (one flush at a time). */
  flush(): Promise<void> {
    return this.flushes.flush();
  }

  /** The workspace-relative path of `path`, refused when it lies in a read-only mount. */
  private requireWritable(path: string): string {
    const relative = this.paths.toRelative(path);
    requireOutsideMounts(this.paths.toAgent(relative), this.readOnlyRoots);
    return relative;
  }

  private async write(relative: string, bytes: Uint8Array, isAppend: boolean): Promise<void> {
    const entry = await this.entry(relative);
    const path = this.paths.toAgent(relative);
    if (entry?.kind === 'directory') throw new SandboxError('is_a_directory', `${path} is a directory.`);
    if (!isExcludedFromSync(relative)) {
      const released = entry && !isAppend ? entry.size : 0;
      const projected = this.workspace.usedBytes() - released + bytes.byteLength;
      if (projected > this.limitBytes) {
        throw new SandboxError('workspace_full', new WorkspaceFullError(projected, this.limitBytes).message);
      }
    }
    const target = this.paths.toContainer(relative);
    const content = isAppend && entry ? concatBytes([await this.connection.readFile(target), bytes]) : bytes;
    await this.connection.mkdir(this.paths.toContainer(parentOf(relative)));
    await this.connection.writeFile(target, content);
    await this.flush();
  }

  private entry(relative: string): Promise<ContainerEntry | null> {
    return this.connection.entry(this.paths.toContainer(relative));
  }

  private toStat(relative: string, entry: ContainerEntry): FileStat {
    return {
      path: this.paths.toAgent(relative),
      kind: entry.kind,
      size: entry.size,
      modifiedAt: this.workspace.modifiedAt(relative) ?? this.now(),
    };
  }

  private onContainerEvent(event: ContainerEvent): void {
    if (event.type === 'server_ready') this.emit({ type: 'server_ready', port: event.port, url: event.url });
  }

  private emit(event: SandboxEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function notFound(path: string): SandboxError {
  return new SandboxError('not_found', `${path} does not exist.`);
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash < 0 ? '' : relative.slice(0, slash);
}

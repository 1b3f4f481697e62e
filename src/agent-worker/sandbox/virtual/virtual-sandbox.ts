import { Bash, type IFileSystem, MountableFs } from 'just-bash';
import type { ReadOnlyMount } from '@/shared/protocol/know-how.ts';
import type { NetworkPort } from '@/shared/protocol/ports/network-port.ts';
import type { PreviewServer } from '@/shared/protocol/ports/previews-port.ts';
import {
  type ExecOptions,
  type ExecResult,
  type FileStat,
  SandboxError,
  type SandboxEvent,
  type SandboxPort,
} from '@/shared/protocol/ports/sandbox-port.ts';
import type { PythonWorkerStarter } from '@/shared/protocol/python-messages.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import { WorkspaceFullError, type WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import { gitCommand } from '../git/git-command.ts';
import { browserPythonWorkerStarter } from '../python/browser-python-worker.ts';
import { pythonCommands } from '../python/python-commands.ts';
import { INTERRUPT_GRACE_MS, PythonProcess } from '../python/python-process.ts';
import { WorkspaceMirror } from '../python/workspace-mirror.ts';
import {
  FlushQueue,
  requireAbsolutePath,
  requireCreatablePath,
  requireOutsideMounts,
} from '../sandbox-paths.ts';
import { secureFetchOver } from './network-fetch.ts';
import { ReadOnlyTree } from './read-only-tree.ts';
import { ShellSessions } from './shell-sessions.ts';
import { TrackedFs } from './tracked-fs.ts';
import { WorkspaceSync } from './workspace-sync.ts';

export type VirtualSandboxOptions = {
  conversationId: string;
  workspace: WorkspaceRepository;
  limitBytes: number;
  /** What `curl` may reach: the network port's policy; without one (or with no prefixes), no network at all. */
  network?: NetworkPort;
  /** Starts the Python worker behind `python3` and `pip`; by default a nested worker, none where workers cannot start. */
  python?: PythonWorkerStarter | null;
  /** How long a stopped Python run may unwind before its worker is restarted (default 3 s). */
  pythonInterruptGraceMs?: number;
  /** Read-only trees shown inside the workspace (installed skills, a project's files); never saved. */
  mounts?: readonly ReadOnlyMount[];
  now?: () => number;
};

/**
 * The default sandbox: just-bash over an in-memory filesystem whose `/home/ubuntu` is
 * the conversation's persisted workspace. Every file operation and every finished
 * command is flushed to IndexedDB before it resolves, so a reload loses nothing.
 */
export class VirtualSandbox implements SandboxPort {
  readonly kind = 'virtual';
  private readonly listeners = new Set<(event: SandboxEvent) => void>();
  private readonly flushes: FlushQueue;

  private constructor(
    /** The workspace with the read-only mounts over it: what the shell and the file tools see. */
    private readonly fs: IFileSystem,
    private readonly readOnlyRoots: readonly string[],
    private readonly sync: WorkspaceSync,
    private readonly shells: ShellSessions,
    private readonly limitBytes: number,
    now: () => number,
    private readonly python: PythonProcess | null,
  ) {
    this.flushes = new FlushQueue(
      () => this.sync.flush(now()),
      (paths) => this.emit({ type: 'files_changed', paths }),
    );
  }

  /** Opens a conversation's sandbox, loading its persisted workspace. */
  static async open(options: VirtualSandboxOptions): Promise<VirtualSandbox> {
    const fs = new TrackedFs();
    const sync = new WorkspaceSync(options.conversationId, fs, options.workspace, options.limitBytes);
    await sync.load();
    const mounts = options.mounts ?? [];
    const files = new MountableFs({ base: fs });
    for (const mount of mounts)
      files.mount(mount.mountPoint, new ReadOnlyTree(mount.mountPoint, mount.files));
    const { network } = options;
    const pythonStarter = options.python === undefined ? defaultPythonStarter() : options.python;
    const interruptGraceMs = options.pythonInterruptGraceMs ?? INTERRUPT_GRACE_MS;
    const python = pythonStarter ? new PythonProcess(pythonStarter, { interruptGraceMs }) : null;
    const bash = new Bash({
      fs: files,
      // A stopped command (`timeout`, Stop) may take as long to end as an interrupted Python
      // run may take to unwind (then its worker restarts): just-bash's own 100 ms would abort
      // the whole script instead, the rest of it (`; echo`) never running.
      executionLimits: { maxExtensionCleanupTimeMs: interruptGraceMs + 1000 },
      cwd: WORKSPACE_ROOT,
      env: { HOME: WORKSPACE_ROOT, USER: 'ubuntu' },
      // curl and wget exist only when something may be reached.
      ...(network && network.policy.allowedUrlPrefixes.length > 0 ? { fetch: secureFetchOver(network) } : {}),
      // python3, python and pip: Pyodide in its own worker, started on first use; git over isomorphic-git.
      customCommands: [
        ...(python ? pythonCommands(python, new WorkspaceMirror(fs, mounts)) : []),
        gitCommand(fs),
      ],
    });
    let sandbox: VirtualSandbox | undefined;
    const shells = new ShellSessions(bash, async () => {
      await sandbox?.flush();
    });
    const readOnlyRoots = mounts.map((mount) => mount.mountPoint);
    sandbox = new VirtualSandbox(
      files,
      readOnlyRoots,
      sync,
      shells,
      options.limitBytes,
      options.now ?? Date.now,
      python,
    );
    return sandbox;
  }

  async readFile(path: string): Promise<Uint8Array> {
    const absolute = await this.requireFile(path);
    return this.fs.readFileBuffer(absolute);
  }

  async readText(path: string): Promise<string> {
    return new TextDecoder().decode(await this.readFile(path));
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    const absolute = this.requireWritable(requireCreatablePath(path));
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    await this.checkRoom(absolute, bytes.byteLength, false);
    await this.fs.mkdir(parentOf(absolute), { recursive: true });
    await this.fs.writeFile(absolute, bytes);
    await this.flush();
  }

  async appendFile(path: string, content: string): Promise<void> {
    const absolute = this.requireWritable(requireCreatablePath(path));
    const bytes = new TextEncoder().encode(content);
    await this.checkRoom(absolute, bytes.byteLength, true);
    await this.fs.mkdir(parentOf(absolute), { recursive: true });
    await this.fs.appendFile(absolute, content);
    await this.flush();
  }

  async list(path: string): Promise<FileStat[]> {
    const absolute = requireAbsolutePath(path);
    const stat = await this.stat(absolute);
    if (!stat) throw new SandboxError('not_found', `${absolute} does not exist.`);
    if (stat.kind !== 'directory')
      throw new SandboxError('not_a_directory', `${absolute} is not a directory.`);
    const names = (await this.fs.readdir(absolute)).sort();
    const entries = await Promise.all(
      names.map((name) => this.stat(`${absolute.replace(/\/$/, '')}/${name}`)),
    );
    return entries.filter((entry): entry is FileStat => entry !== null);
  }

  async stat(path: string): Promise<FileStat | null> {
    const absolute = requireAbsolutePath(path);
    if (!(await this.fs.exists(absolute))) return null;
    const stat = await this.fs.stat(absolute);
    return {
      path: absolute,
      kind: stat.isDirectory ? 'directory' : 'file',
      size: stat.isDirectory ? 0 : stat.size,
      modifiedAt: stat.mtime.getTime(),
    };
  }

  async mkdir(path: string): Promise<void> {
    await this.fs.mkdir(this.requireWritable(requireCreatablePath(path)), { recursive: true });
    await this.flush();
  }

  async remove(path: string, options: { isRecursive?: boolean } = {}): Promise<void> {
    const absolute = this.requireWritable(requireAbsolutePath(path));
    if (!(await this.fs.exists(absolute))) throw new SandboxError('not_found', `${absolute} does not exist.`);
    await this.fs.rm(absolute, { recursive: options.isRecursive ?? false });
    await this.flush();
  }

  async rename(from: string, to: string): Promise<void> {
    const source = this.requireWritable(await this.requireExisting(from));
    const target = this.requireWritable(requireCreatablePath(to));
    if (await this.fs.exists(target)) throw new SandboxError('already_exists', `${target} already exists.`);
    await this.fs.mkdir(parentOf(target), { recursive: true });
    await this.fs.mv(source, target);
    await this.flush();
  }

  exec(session: string, command: string, options?: ExecOptions): Promise<ExecResult> {
    return this.shells.exec(session, command, options);
  }

  wait(session: string, timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult> {
    return this.shells.wait(session, timeoutSeconds, signal);
  }

  async send(session: string): Promise<ExecResult> {
    throw new SandboxError(
      'unsupported',
      `The virtual sandbox cannot send input to a running process (session ${session}). Run the command non-interactively instead: pass flags such as -y, or pipe the input in (printf 'answer\\n' | command). Turning on the Node runtime in Settings gives interactive processes.`,
    );
  }

  kill(session: string): Promise<ExecResult> {
    return this.shells.kill(session);
  }

  async view(session: string): Promise<ExecResult> {
    return this.shells.view(session);
  }

  /** The virtual sandbox runs no servers. */
  listServers(): PreviewServer[] {
    return [];
  }

  onEvent(listener: (event: SandboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the Python worker, if one was started. */
  async close(): Promise<void> {
    this.python?.close();
  }

  /** Saves every change since the last flush (one flush at a time). */
  flush(): Promise<void> {
    return this.flushes.flush();
  }

  private emit(event: SandboxEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Refuses a write that would take the workspace past its limit, before anything is written. */
  private async checkRoom(absolute: string, addedBytes: number, isAppend: boolean): Promise<void> {
    // A folder is never written over as a file, inside the workspace or not (the workspace root itself).
    const existing = await this.stat(absolute);
    if (existing?.kind === 'directory')
      throw new SandboxError('is_a_directory', `${absolute} is a directory.`);
    if (!absolute.startsWith(`${WORKSPACE_ROOT}/`)) return;
    const released = existing && !isAppend ? existing.size : 0;
    const projected = this.sync.usedBytes() - released + addedBytes;
    if (projected > this.limitBytes) {
      throw new SandboxError('workspace_full', new WorkspaceFullError(projected, this.limitBytes).message);
    }
  }

  private requireWritable(absolute: string): string {
    return requireOutsideMounts(absolute, this.readOnlyRoots);
  }

  private async requireExisting(path: string): Promise<string> {
    const absolute = requireAbsolutePath(path);
    if (!(await this.fs.exists(absolute))) throw new SandboxError('not_found', `${absolute} does not exist.`);
    return absolute;
  }

  private async requireFile(path: string): Promise<string> {
    const absolute = await this.requireExisting(path);
    if ((await this.fs.stat(absolute)).isDirectory) {
      throw new SandboxError('is_a_directory', `${absolute} is a directory.`);
    }
    return absolute;
  }
}

/** The app's Python worker where this code runs in a browser worker; none elsewhere (Node tests pass their own). */
function defaultPythonStarter(): PythonWorkerStarter | null {
  if (typeof Worker !== 'function' || typeof self === 'undefined') return null;
  // Vite replaces `import.meta.env`; the cast keeps Node's type check (tests) happy.
  const base = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
  return browserPythonWorkerStarter(new URL(base, self.location.origin).href);
}

function parentOf(absolute: string): string {
  return absolute.slice(0, absolute.lastIndexOf('/')) || '/';
}

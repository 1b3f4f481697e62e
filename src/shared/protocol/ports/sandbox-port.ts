import type { PreviewServer } from './previews-port.ts';

/**
 * The sandbox port: the only way tools reach a computer. Implemented by the virtual
 * sandbox (just-bash over the persisted workspace, in the agent worker) and by the
 * WebContainer host (main thread, through comlink). Paths are absolute; the workspace
 * the agent sees is `/home/ubuntu`.
 */

/** The default `shell` timeout in seconds (seed 000). */
export const DEFAULT_TIMEOUT_SECONDS = 30;

export type FileKind = 'file' | 'directory';

export type FileStat = { path: string; kind: FileKind; size: number; modifiedAt: number };

/** Output as it streams from a running command. */
export type ExecChunk = { stream: 'stdout' | 'stderr'; text: string };

export type ExecOptions = {
  /** Working directory (absolute); defaults to the workspace root. */
  cwd?: string;
  /** Seconds before `exec` returns with what it has; the command keeps running. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
  onOutput?: (chunk: ExecChunk) => void;
};

/**
 * What `exec` returns. `exitCode` is null while the command is still running at its
 * timeout (collect the rest with `wait`).
 */
export type ExecResult = {
  session: string;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  isRunning: boolean;
};

/** Why a sandbox operation failed, for an observation the model can act on. */
export type SandboxErrorKind =
  | 'not_found'
  | 'already_exists'
  | 'not_a_directory'
  | 'is_a_directory'
  | 'outside_workspace'
  | 'workspace_full'
  | 'read_only'
  | 'unsupported'
  | 'cancelled';

/** Events a sandbox reports on its own (a dev server became ready, a process exited). */
export type SandboxEvent =
  | { type: 'server_ready'; port: number; url: string }
  | { type: 'process_exited'; session: string; exitCode: number }
  | { type: 'files_changed'; paths: string[] };

/** The port every tool talks to. Methods reject with a `SandboxError` on failure. */
export interface SandboxPort {
  /** Which implementation serves: the virtual bash or the Node runtime. */
  readonly kind: 'virtual' | 'webcontainer';
  readFile(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<string>;
  writeFile(path: string, content: string | Uint8Array): Promise<void>;
  appendFile(path: string, content: string): Promise<void>;
  list(path: string): Promise<FileStat[]>;
  stat(path: string): Promise<FileStat | null>;
  mkdir(path: string): Promise<void>;
  remove(path: string, options?: { isRecursive?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  exec(session: string, command: string, options?: ExecOptions): Promise<ExecResult>;
  /** Waits up to `timeoutSeconds` for the session's running command. */
  wait(session: string, timeoutSeconds: number, signal?: AbortSignal): Promise<ExecResult>;
  /** Sends input to the session's running process; rejects with `unsupported` where impossible. */
  send(session: string, input: string): Promise<ExecResult>;
  kill(session: string): Promise<ExecResult>;
  /** The session's transcript so far. */
  view(session: string): Promise<ExecResult>;
  onEvent(listener: (event: SandboxEvent) => void): () => void;
  /** The servers up in the sandbox now (dev servers of the Node runtime; none in the virtual one). */
  listServers(): PreviewServer[];
}

/** A failure of the sandbox with a kind the tools map to an error observation. */
export class SandboxError extends Error {
  constructor(
    readonly kind: SandboxErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

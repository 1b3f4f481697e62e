import { z } from 'zod';

/**
 * What the agent worker and the main-thread WebContainer host say to each other
 * (through comlink). Paths are relative to the container's `workdir`; the worker
 * translates the agent's `/home/ubuntu/…` paths. Replies are parsed with these schemas
 * on the worker side, since they cross a thread boundary.
 */

/** Whether a conversation can use the Node runtime now, and why not. */
export const NodeRuntimeReadiness = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('ready'), workdir: z.string().startsWith('/') }),
  z.object({ state: z.literal('unavailable'), reason: z.string().min(1) }),
]);
export type NodeRuntimeReadiness = z.infer<typeof NodeRuntimeReadiness>;

/** One file-system entry as the host reports it (WebContainer has no `stat`). */
export const ContainerEntry = z.object({
  kind: z.enum(['file', 'directory']),
  size: z.number().int().nonnegative(),
});
export type ContainerEntry = z.infer<typeof ContainerEntry>;

/** One entry of a directory listing. */
export const ContainerDirent = ContainerEntry.extend({ name: z.string().min(1) });
export type ContainerDirent = z.infer<typeof ContainerDirent>;

/** A file or directory of a mounted or snapshotted tree; `content` is empty for directories. */
export const TreeEntry = z.object({
  path: z.string().min(1),
  kind: z.enum(['file', 'directory']),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'content must be bytes'),
});
export type TreeEntry = z.infer<typeof TreeEntry>;

/**
 * Entries a snapshot leaves out: directories with these names at any depth, and these
 * names directly under the snapshot's root.
 */
export type SnapshotExclusions = { namesAnywhere: string[]; namesAtRoot: string[] };

/** What the container reports on its own. */
export const ContainerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('server_ready'), port: z.number().int(), url: z.string().url() }),
  z.object({ type: z.literal('port_closed'), port: z.number().int() }),
]);
export type ContainerEvent = z.infer<typeof ContainerEvent>;

/** A process to start; `cwd` is relative to the workdir. */
export type SpawnRequest = { command: string; args: string[]; cwd: string; env: Record<string, string> };

/**
 * The host's API. Listeners passed in must be wrapped with `Comlink.proxy` when the
 * host is remote; the host awaits each call, so output arrives in order and before the
 * process's exit is reported.
 */
export interface NodeRuntimeHostPort {
  /** Re-reads the setting and the environment, boots if needed, and resolves once settled. */
  readiness(): Promise<NodeRuntimeReadiness>;
  /** The entry at `path`, or null if nothing is there. */
  entry(path: string): Promise<ContainerEntry | null>;
  list(path: string): Promise<ContainerDirent[]>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: Uint8Array): Promise<void>;
  /** Creates `path` and its missing parents. */
  mkdir(path: string): Promise<void>;
  remove(path: string, options: { isRecursive: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Writes `entries` (paths relative to `path`) under `path`. */
  mount(path: string, entries: TreeEntry[]): Promise<void>;
  /** Every entry under `path` with its content, paths relative to `path`. */
  snapshot(path: string, exclusions: SnapshotExclusions): Promise<TreeEntry[]>;
  /** Starts a process; `onOutput` receives its terminal output as it arrives. Resolves with its id. */
  spawn(request: SpawnRequest, onOutput: (text: string) => void | Promise<void>): Promise<number>;
  /** Resolves with the exit code once the process has exited and its output was delivered. */
  exit(processId: number): Promise<number>;
  /** Writes to the process's terminal input. */
  write(processId: number, text: string): Promise<void>;
  kill(processId: number): Promise<void>;
  /** Calls `listener` with every container event from now on. */
  subscribe(listener: (event: ContainerEvent) => void | Promise<void>): Promise<void>;
}

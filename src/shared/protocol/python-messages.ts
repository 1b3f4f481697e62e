import { z } from 'zod';

/**
 * Messages between the agent worker's Python process (`python-process.ts`) and the
 * Python worker (`python-worker-main.ts`). Plain objects, so they survive `postMessage`.
 * The host reads the worker's messages through `WorkerMessage.safeParse`: Python runs
 * user code in that worker, so what comes back is checked before it is believed.
 */

/**
 * True for a path relative to `/home/ubuntu` that stays inside it: not absolute, no
 * empty segment (`a//b`, a trailing `/`) and no `.` or `..` segment.
 */
export function isWorkspaceRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const WorkspacePath = z.string().refine(isWorkspaceRelativePath, {
  message: 'a workspace path must be relative, without empty, `.` or `..` segments',
});

/** One entry of a workspace as both sides last agreed on it (paths relative to `/home/ubuntu`). */
export type MirrorEntry = { kind: 'file' | 'directory'; size: number; modifiedAt: number };

/** File changes sent one way or the other: removals first, then folders, then files. */
export const FileChanges = z.object({
  deletes: z.array(WorkspacePath),
  directories: z.array(WorkspacePath),
  writes: z.array(
    z.object({
      path: WorkspacePath,
      content: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
      modifiedAt: z.number(),
    }),
  ),
});
export type FileChanges = z.infer<typeof FileChanges>;

/** What to run: Python code, a script, a module, or pip. */
export type PythonRequest =
  | { mode: 'code'; source: string; argv: string[] }
  | { mode: 'file'; path: string; argv: string[] }
  | { mode: 'module'; module: string; argv: string[] }
  | { mode: 'pip'; argv: string[] };

export type HostMessage =
  | {
      type: 'init';
      indexUrl: string;
      /** Where micropip and packages such as numpy come from (a CDN; online only). */
      packageBaseUrl: string | null;
      /** Shared with the host: a 2 written at index 0 raises KeyboardInterrupt. */
      interrupt: Int32Array | null;
    }
  | {
      type: 'run';
      id: number;
      request: PythonRequest;
      cwd: string;
      stdin: Uint8Array;
      files: FileChanges;
    };

/** What the Python worker sends back (validated by the host before use). */
export const WorkerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), loadMs: z.number() }),
  z.object({ type: z.literal('load_failed'), message: z.string() }),
  z.object({
    type: z.literal('output'),
    id: z.number().int(),
    stream: z.enum(['stdout', 'stderr']),
    text: z.string(),
  }),
  z.object({ type: z.literal('done'), id: z.number().int(), exitCode: z.number().int(), files: FileChanges }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessage>;

/** The worker as the host sees it: a `Worker` in browsers, a `worker_threads` worker in tests. */
export type PythonWorkerEndpoint = {
  postMessage(message: HostMessage, transfer?: Transferable[]): void;
  /** Each message as it arrives, unchecked: the host validates it with `WorkerMessage`. */
  onMessage(listener: (message: unknown) => void): void;
  /** A load or runtime failure of the worker itself (not a Python exception). */
  onError(listener: (message: string) => void): void;
  terminate(): void;
};

/** Starts a fresh Python worker and says where Pyodide's files are served from. */
export type PythonWorkerStarter = {
  start(): PythonWorkerEndpoint;
  indexUrl: string;
  packageBaseUrl: string | null;
};

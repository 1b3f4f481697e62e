/**
 * Messages between the agent worker's Python process (`python-process.ts`) and the
 * Python worker (`python-worker-main.ts`). Plain objects, so they survive `postMessage`.
 */

/** One entry of a workspace as both sides last agreed on it (paths relative to `/home/ubuntu`). */
export type MirrorEntry = { kind: 'file' | 'directory'; size: number; modifiedAt: number };

/** File changes sent one way or the other: removals first, then folders, then files. */
export type FileChanges = {
  deletes: string[];
  directories: string[];
  writes: Array<{ path: string; content: Uint8Array; modifiedAt: number }>;
};

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

export type WorkerMessage =
  | { type: 'ready'; loadMs: number }
  | { type: 'load_failed'; message: string }
  | { type: 'output'; id: number; stream: 'stdout' | 'stderr'; text: string }
  | { type: 'done'; id: number; exitCode: number; files: FileChanges };

/** The worker as the host sees it: a `Worker` in browsers, a `worker_threads` worker in tests. */
export type PythonWorkerEndpoint = {
  postMessage(message: HostMessage, transfer?: Transferable[]): void;
  onMessage(listener: (message: WorkerMessage) => void): void;
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

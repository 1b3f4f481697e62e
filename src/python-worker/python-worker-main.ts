import type { HostMessage, WorkerMessage } from '../shared/protocol/python-messages.ts';
import type { PyodideLike } from './pyodide-like.ts';
import { PythonEngine } from './python-engine.ts';

/** The worker's side of the channel: `self` in a browser worker, `parentPort` in Node. */
export type WorkerScope = {
  post(message: WorkerMessage, transfer?: Transferable[]): void;
  listen(handler: (message: HostMessage) => void): void;
};

/** Loads Pyodide from `indexUrl`, fetching packages (micropip, numpy…) from `packageBaseUrl`. */
export type PyodideLoader = (options: {
  indexUrl: string;
  packageBaseUrl: string | null;
}) => Promise<PyodideLike>;

/**
 * What Python can reach from its worker: the workspace (a copy of `/home/ubuntu`, synced
 * both ways by the host), its standard library and installed packages, and through `fetch`
 * only pip's package index (Pyodide's CDN, pypi.org, files.pythonhosted.org) and the app's
 * own `assets/`. What it cannot: the app's storage (`indexedDB`, `caches`), any other
 * network (XMLHttpRequest, WebSocket, EventSource, WebTransport, other `fetch` addresses,
 * which follow the shell's curl and Settings → Sandbox instead), BroadcastChannel, and
 * loading code (`importScripts`, `Worker`). The browser entry enforces this with
 * `lockDownWorkerScope` once Pyodide is loaded, before any Python runs; the host validates
 * everything the worker sends back (`WorkerMessage`), since Python can post messages too.
 *
 * The Python worker: loads Pyodide when the host says `init`, then runs one request at a
 * time, streaming output and answering with the exit code and the files that changed.
 */
export function servePython(scope: WorkerScope, load: PyodideLoader): void {
  let engine: Promise<PythonEngine> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  scope.listen((message) => {
    if (message.type === 'init') {
      const startedAt = performance.now();
      engine = load({ indexUrl: message.indexUrl, packageBaseUrl: message.packageBaseUrl }).then(
        (pyodide) => new PythonEngine(pyodide, message.interrupt),
      );
      engine.then(
        () => scope.post({ type: 'ready', loadMs: Math.round(performance.now() - startedAt) }),
        (error: unknown) => scope.post({ type: 'load_failed', message: describe(error) }),
      );
      return;
    }
    const loading = engine;
    if (!loading) return;
    queue = queue.then(async () => {
      const { id } = message;
      try {
        const result = await (await loading).run(message.request, {
          cwd: message.cwd,
          stdin: message.stdin,
          incoming: message.files,
          output: (stream, text) => scope.post({ type: 'output', id, stream, text }),
        });
        const transfer = result.files.writes.map((file) => file.content.buffer as ArrayBuffer);
        scope.post({ type: 'done', id, exitCode: result.exitCode, files: result.files }, transfer);
      } catch (error) {
        scope.post({ type: 'output', id, stream: 'stderr', text: `python: ${describe(error)}\n` });
        scope.post({ type: 'done', id, exitCode: 1, files: { deletes: [], directories: [], writes: [] } });
      }
    });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

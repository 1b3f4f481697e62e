import { loadPyodide } from 'pyodide';
import type { PyodideLike } from '../src/sandbox/python/pyodide-like.ts';
import type { HostMessage, WorkerMessage } from '../src/sandbox/python/python-messages.ts';
import { servePython } from '../src/sandbox/python/python-worker-main.ts';
import { lockDownWorkerScope } from '../src/sandbox/python/worker-lockdown.ts';

// The Python worker, started by the agent worker on the first `python3`, `python` or `pip`.
// Once Pyodide is loaded, and before any Python runs, the global scope Python sees
// through `js` is locked down (no storage, no network but pip's index, no code loading).
servePython(
  {
    post: (message: WorkerMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer),
    listen: (handler) =>
      self.addEventListener('message', (event: MessageEvent<HostMessage>) => handler(event.data)),
  },
  async ({ indexUrl, packageBaseUrl }) => {
    const pyodide = await loadPyodide({
      indexURL: indexUrl,
      ...(packageBaseUrl ? { packageBaseUrl } : {}),
      env: { HOME: '/home/ubuntu', USER: 'ubuntu' },
    });
    const assetsAt = indexUrl.indexOf('/assets/');
    lockDownWorkerScope(self, {
      assetsUrl: assetsAt >= 0 ? indexUrl.slice(0, assetsAt + '/assets/'.length) : indexUrl,
    });
    return pyodide as unknown as PyodideLike;
  },
);

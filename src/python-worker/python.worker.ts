import { loadPyodide } from 'pyodide';
import type { HostMessage, WorkerMessage } from '../shared/protocol/python-messages.ts';
import type { PyodideLike } from './pyodide-like.ts';
import { servePython } from './python-worker-main.ts';
import { lockDownWorkerScope } from './worker-lockdown.ts';

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

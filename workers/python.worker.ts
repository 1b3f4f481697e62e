import { loadPyodide } from 'pyodide';
import type { PyodideLike } from '../src/sandbox/python/python-engine.ts';
import type { HostMessage, WorkerMessage } from '../src/sandbox/python/python-messages.ts';
import { servePython } from '../src/sandbox/python/python-worker-main.ts';

// The Python worker, started by the agent worker on the first `python3`, `python` or `pip`.
servePython(
  {
    post: (message: WorkerMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer),
    listen: (handler) =>
      self.addEventListener('message', (event: MessageEvent<HostMessage>) => handler(event.data)),
  },
  async ({ indexUrl, packageBaseUrl }) =>
    (await loadPyodide({
      indexURL: indexUrl,
      ...(packageBaseUrl ? { packageBaseUrl } : {}),
      env: { HOME: '/home/ubuntu', USER: 'ubuntu' },
    })) as unknown as PyodideLike,
);

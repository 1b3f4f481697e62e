import type { HostMessage, PythonWorkerStarter } from '@/shared/protocol/python-messages.ts';
import { PYODIDE_ASSETS_PATH, PYODIDE_PACKAGES_URL } from '@/shared/pwa/pyodide-assets.ts';

/**
 * Starts Python workers from the agent worker (a dedicated worker may start its own):
 * Pyodide's files come from the app's own build, packages from Pyodide's CDN.
 */
export function browserPythonWorkerStarter(baseUrl: string): PythonWorkerStarter {
  return {
    indexUrl: new URL(PYODIDE_ASSETS_PATH, baseUrl).href,
    packageBaseUrl: PYODIDE_PACKAGES_URL,
    start() {
      const worker = new Worker(new URL('../../../python-worker/python.worker.ts', import.meta.url), {
        type: 'module',
        name: 'sandpiper-python',
      });
      return {
        postMessage: (message: HostMessage, transfer: Transferable[] = []) =>
          worker.postMessage(message, transfer),
        onMessage: (listener) =>
          worker.addEventListener('message', (event: MessageEvent<unknown>) => listener(event.data)),
        onError: (listener) =>
          worker.addEventListener('error', (event) => {
            event.preventDefault();
            listener(event.message || 'the worker script failed to load');
          }),
        terminate: () => worker.terminate(),
      };
    },
  };
}

import * as Comlink from 'comlink';
import type { AgentClient } from '../../state/app/agent-client.ts';
import { PreviewBrowserHost } from './preview-browser-host.ts';
import { endPreviewSessions, previewFrames } from './preview-host.ts';

/**
 * Starts the agent's preview browser on the main thread (a page's scripts need a DOM,
 * which the agent worker has not) and hands the worker a comlink proxy of it, again
 * after a worker restart. The app starting is a new browsing session: the previews'
 * `sessionStorage` ends. Returns a stop function that closes its frames.
 */
export function startPreviewBrowser(client: AgentClient): () => void {
  void endPreviewSessions().catch(() => undefined);
  const scope = new URL(import.meta.env.BASE_URL, window.location.origin);
  const host = new PreviewBrowserHost(previewFrames(), document.body, scope.pathname, scope.origin);
  const connect = () => {
    client.api
      .connectPreviewBrowser(Comlink.proxy(host))
      .catch((error: unknown) => console.error('Sandpiper: connecting the preview browser failed', error));
  };
  connect();
  const stopReconnecting = client.onWorkerRestart(connect);
  return () => {
    stopReconnecting();
    host.closeAll();
  };
}

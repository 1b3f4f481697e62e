import * as Comlink from 'comlink';
import { liveQuery } from 'dexie';
import { EMBEDDER_POLICY } from '../../shared/protocol/cross-origin-isolation.ts';
import { SandpiperDatabase } from '../../shared/storage/db.ts';
import { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import type { AgentClient } from '../state/app/agent-client.ts';
import { setNodeRuntimeStatus } from '../state/settings/node-runtime-status.ts';
import type { ContainerApi } from './webcontainer/container-api.ts';
import { WORKDIR_NAME } from './webcontainer/container-api.ts';
import { DEFAULT_BOOT_TIMEOUT_MS, NodeRuntimeController } from './webcontainer/node-runtime-controller.ts';
import { WebContainerHost } from './webcontainer/webcontainer-host.ts';

/**
 * Starts the WebContainer host on the main thread (WebContainer cannot boot in a
 * worker) and hands the agent worker a comlink proxy of it. The host follows the
 * `nodeRuntime` setting: `@webcontainer/api` is imported, and WebContainer booted, only
 * once the setting is on. Its status goes to `nodeRuntimeStatus`. Returns a stop function.
 */
export function startNodeRuntimeHost(client: AgentClient): () => void {
  const settings = new SettingsRepository(new SandpiperDatabase());
  const controller = new NodeRuntimeController({
    isEnabled: async () => (await settings.getAgentSettings()).nodeRuntime,
    isCrossOriginIsolated: () => globalThis.crossOriginIsolated === true,
    isOnline: () => navigator.onLine,
    boot: bootWebContainer,
    bootTimeoutMs: DEFAULT_BOOT_TIMEOUT_MS,
    setStatus: (status) => setNodeRuntimeStatus(status),
  });
  const host = new WebContainerHost(controller);
  const connect = () => {
    client.api
      .connectNodeRuntime(Comlink.proxy(host))
      .catch((error: unknown) => console.error('Sandpiper: connecting the Node runtime failed', error));
  };
  connect();
  // A worker started again after a crash gets the host too.
  const stopReconnecting = client.onWorkerRestart(connect);

  const refresh = () => {
    controller
      .refresh()
      .catch((error: unknown) => console.error('Sandpiper: Node runtime check failed', error));
  };
  // The first value arrives at once: the runtime starts if the setting is already on.
  const subscription = liveQuery(() => settings.getAgentSettings()).subscribe({
    next: refresh,
    error: (error: unknown) => console.error('Sandpiper: reading the Node runtime setting failed', error),
  });
  window.addEventListener('online', refresh);
  window.addEventListener('offline', refresh);
  return () => {
    stopReconnecting();
    subscription.unsubscribe();
    window.removeEventListener('online', refresh);
    window.removeEventListener('offline', refresh);
  };
}

/** Boots the page's WebContainer; the module is loaded here, not before. */
async function bootWebContainer(): Promise<ContainerApi> {
  const { WebContainer } = await import('@webcontainer/api');
  return WebContainer.boot({ coep: EMBEDDER_POLICY, workdirName: WORKDIR_NAME });
}

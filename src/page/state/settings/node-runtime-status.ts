import { createSignal } from 'solid-js';

/**
 * Where the Node runtime (WebContainer, hosted on the main thread) stands. The host
 * sets it; the settings dialog and the Computer panel show it, with the reason when
 * the virtual sandbox serves instead.
 */
export type NodeRuntimeStatus =
  | { state: 'off' }
  | { state: 'booting' }
  | { state: 'ready' }
  | { state: 'unavailable'; reason: string };

const [status, setStatus] = createSignal<NodeRuntimeStatus>({ state: 'off' });

/** The current status (a Solid accessor). */
export const nodeRuntimeStatus = status;

/** Called by the WebContainer host only. */
export const setNodeRuntimeStatus = setStatus;

import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';

/**
 * Exposes `target` on one end of a real MessageChannel and returns comlink's proxy from
 * the other, as a worker and the main thread talk; `onClose` receives what closes both ends.
 */
export function overMessageChannel<T extends object>(target: T, onClose: (close: () => void) => void): T {
  const { port1, port2 } = new MessageChannel();
  // Node's MessagePort is an EventTarget with postMessage: the shape comlink's Endpoint needs.
  Comlink.expose(target, port1 as unknown as Comlink.Endpoint);
  const remote = Comlink.wrap<T>(port2 as unknown as Comlink.Endpoint);
  onClose(() => {
    remote[Comlink.releaseProxy]();
    port1.close();
    port2.close();
  });
  return remote as unknown as T;
}

import { type Accessor, createSignal, onCleanup } from 'solid-js';

/**
 * Whether the browser says it is online, following its `online` and `offline` events, for
 * as long as the calling component lives.
 */
export function createIsOnline(): Accessor<boolean> {
  const [isOnline, setOnline] = createSignal(globalThis.navigator?.onLine !== false);
  const update = () => setOnline(globalThis.navigator?.onLine !== false);
  globalThis.addEventListener('online', update);
  globalThis.addEventListener('offline', update);
  onCleanup(() => {
    globalThis.removeEventListener('online', update);
    globalThis.removeEventListener('offline', update);
  });
  return isOnline;
}

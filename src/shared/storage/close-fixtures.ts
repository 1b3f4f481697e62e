import { indexedDB } from 'fake-indexeddb';
import type { SandpiperDatabase } from './db.ts';

/**
 * For tests: plays Chromium closing a connection after an IO error (a full disk), its
 * `close` event on the open connection, in the shape fake-indexeddb's event target
 * dispatches (it takes only its own events).
 */
export function closeAsTheBrowserDoes(database: SandpiperDatabase): void {
  const event = {
    type: 'close',
    initialized: true,
    dispatched: false,
    eventPath: [],
    eventPhase: 0,
    CAPTURING_PHASE: 1,
    AT_TARGET: 2,
    BUBBLING_PHASE: 3,
  };
  database.backendDB().dispatchEvent(event as unknown as Event);
}

/**
 * For tests: fake-indexeddb whose `open` fails while `failing` is set, as Chromium's does on a full
 * disk ("Internal error opening backing store", an `UnknownError`).
 */
export function factoryThatFailsToOpen() {
  const state = { failing: true, opens: 0 };
  const factory = new Proxy(indexedDB, {
    get(target, key) {
      if (key !== 'open') return Reflect.get(target, key, target);
      return (name: string, version?: number) => {
        state.opens += 1;
        if (!state.failing) return target.open(name, version);
        const request: Record<string, unknown> = { readyState: 'pending' };
        setTimeout(() => {
          const error = new DOMException(
            'Internal error opening backing store for indexedDB.open.',
            'UnknownError',
          );
          Object.assign(request, { error, readyState: 'done' });
          (request.onerror as ((event: unknown) => void) | undefined)?.({ target: request, type: 'error' });
        });
        return request;
      };
    },
  });
  return { factory, state };
}

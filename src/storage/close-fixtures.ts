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

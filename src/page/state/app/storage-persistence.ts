import { createSignal } from 'solid-js';

/** Whether the browser keeps this app's data under storage pressure. */
export type PersistenceState = 'unknown' | 'unsupported' | 'persisted' | 'best-effort';

type StorageManagerLike = { persisted(): Promise<boolean>; persist(): Promise<boolean> };

const [state, setState] = createSignal<PersistenceState>('unknown');

/** The last known persistence state (a Solid accessor). */
export const persistenceState = state;

/**
 * Asks the browser to keep our data (conversations, workspaces) even when space runs
 * low — called at the first real use (the first task), not on page load, so the
 * browser can tie the request to something the person did. Returns the outcome.
 */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<PersistenceState> {
  if (!storage?.persist || !storage.persisted) {
    setState('unsupported');
    return 'unsupported';
  }
  let outcome: PersistenceState;
  try {
    outcome = (await storage.persisted()) || (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    outcome = 'best-effort';
  }
  setState(outcome);
  return outcome;
}

/** Reads the current state without asking (for the Storage settings). */
export async function checkPersistence(
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<PersistenceState> {
  const outcome: PersistenceState = !storage?.persisted
    ? 'unsupported'
    : (await storage.persisted().catch(() => false))
      ? 'persisted'
      : 'best-effort';
  setState(outcome);
  return outcome;
}

/**
 * A full storage (IndexedDB's quota reached, or the disk itself full: Chromium reports both
 * as `QuotaExceededError`) is not something the model can fix: a step whose write meets it
 * stops the run, the tabs are told what to free, and everything saved before stays whole.
 */

/** IndexedDB's quota error, bare or wrapped by Dexie (as its `inner`). */
export function isQuotaError(error: unknown): boolean {
  for (let current = error; current; current = (current as { inner?: unknown }).inner) {
    const name = (current as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    if (typeof current !== 'object') return false;
  }
  return false;
}

/** What the person is told when a write met a full storage. */
export const STORAGE_FULL_TEXT =
  'Storage is full, so the last step was not saved (everything before it is intact). Free space in Settings → Storage by deleting conversations or workspaces you no longer need, or free disk space on this device, then send a message to continue.';

/** How an action in flight is closed when its write met a full storage. */
export const STORAGE_FULL_ACTION_TEXT = 'Not saved: storage is full.';

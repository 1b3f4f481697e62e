/**
 * A full storage (IndexedDB's quota reached, or the disk itself full: Chromium reports both
 * as `QuotaExceededError`) is not something the model can fix: a step whose write meets it
 * stops the run, the tabs are told what to free, and everything saved before stays whole.
 */

/**
 * True for what a full storage throws, bare or wrapped by Dexie (as its `inner`): the
 * quota error, or what Chromium's IndexedDB reports when the disk itself has no space left
 * (a `DataError` "Failed to write blobs (IOError)" for a large value, an `UnknownError` or
 * an abort naming an IO error). The words are read only on IndexedDB's own error names, so
 * a tool's error that merely names such a file (`ioerror-notes.md`) is never taken for one.
 */
export function isQuotaError(error: unknown): boolean {
  return inChain(error, (name, message) => {
    if (name === 'QuotaExceededError') return true;
    return INDEXED_DB_ERRORS.has(name) && DISK_FULL_WORDS.test(message);
  });
}

/**
 * True for a failure IndexedDB itself reported without saying why (bare or wrapped by
 * Dexie): one of its error names, in words about a transaction or the database (an
 * `AbortError` of a cancelled request is not one).
 */
export function isIndexedDbFailure(error: unknown): boolean {
  return inChain(error, (name, message) => INDEXED_DB_ERRORS.has(name) && INDEXED_DB_WORDS.test(message));
}

/**
 * True when the database could not be used at all: it could not be opened (Chromium on a
 * full disk: "Internal error opening backing store"), or its connection was closed under
 * the request. Not a transaction that failed on its own, nor a failed migration.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, inner } = error as { name?: unknown; message?: unknown; inner?: unknown };
  // Dexie's own wrappers say why in their cause (a migration that threw is no such failure);
  // without one (closed, or come through the worker, which drops it), they are.
  if (name === 'OpenFailedError' || name === 'DatabaseClosedError')
    return inner ? isDatabaseUnavailable(inner) : true;
  if (typeof name === 'string' && INDEXED_DB_ERRORS.has(name) && UNAVAILABLE_WORDS.test(String(message)))
    return true;
  if (isFullDiskOpen(name, message)) return true;
  return inner ? isDatabaseUnavailable(inner) : false;
}

/**
 * True when the database could not be opened at all (Chromium on a full disk: "Internal
 * error opening backing store"), bare or wrapped by Dexie: narrower than
 * `isDatabaseUnavailable`, which also holds for a connection the browser closed after a
 * write failed (the database opens; writing is what fails).
 */
export function isDatabaseUnopenable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, inner } = error as { name?: unknown; message?: unknown; inner?: unknown };
  // Dexie's open failure says why in its cause (a migration that threw is no such failure).
  if (name === 'OpenFailedError') return inner ? isDatabaseUnopenable(inner) : true;
  if (typeof name === 'string' && INDEXED_DB_ERRORS.has(name) && OPEN_FAILED_WORDS.test(String(message)))
    return true;
  if (isFullDiskOpen(name, message)) return true;
  return inner ? isDatabaseUnopenable(inner) : false;
}

/** How Chromium words a database it could not open. */
const OPEN_FAILED_WORDS = /backing store|opening/i;

/**
 * Chromium's other way to refuse an open on a full disk: a quota error, "Encountered full
 * disk while opening backing store for indexedDB.open." (seen in tests/e2e/full-disk, where
 * it left a finished conversation unreadable instead of read from its backup copy). A
 * quota error of a write names no opening, so is not one.
 */
function isFullDiskOpen(name: unknown, message: unknown): boolean {
  return name === 'QuotaExceededError' && OPEN_FAILED_WORDS.test(String(message));
}

/** How Chromium words a database it cannot open or a connection it closed. */
const UNAVAILABLE_WORDS = /backing store|connection is closing|database connection|opening/i;

/** True when `test` holds for the error or one it wraps (Dexie's `inner`), by name and message. */
function inChain(error: unknown, test: (name: string, message: string) => boolean): boolean {
  for (let current = error; current; current = (current as { inner?: unknown }).inner) {
    if (typeof current !== 'object') return false;
    const { name, message } = current as { name?: unknown; message?: unknown };
    if (typeof name === 'string' && test(name, typeof message === 'string' ? message : '')) return true;
  }
  return false;
}

/** How IndexedDB and Dexie word a failed transaction or a database they could not use. */
const INDEXED_DB_WORDS = /transaction|backing store|database|internal error|indexeddb/i;

/** The innermost message of a failure (Dexie repeats its cause's words after its own). */
export function innermostMessage(error: unknown): string {
  let current = error;
  while (typeof current === 'object' && current && (current as { inner?: unknown }).inner)
    current = (current as { inner?: unknown }).inner;
  const { name, message } = (typeof current === 'object' && current ? current : {}) as {
    name?: unknown;
    message?: unknown;
  };
  if (typeof message === 'string' && message.trim() !== '') return message;
  return typeof name === 'string' && name !== '' ? name : String(current);
}

/** The names IndexedDB (and Dexie after it) gives a failed write. */
const INDEXED_DB_ERRORS = new Set([
  'UnknownError',
  'DataError',
  'AbortError',
  'OpenFailedError',
  'DatabaseClosedError',
]);

/** How Chromium's IndexedDB words a write the disk refused. */
const DISK_FULL_WORDS =
  /Failed to write blobs|IO error:|FILE_ERROR_NO_SPACE|no space left on device|disk full/i;

/** What the person is told when a write met a full storage. */
export const STORAGE_FULL_TEXT =
  'Storage is full, so the last step was not saved (everything before it is intact). Free space in Settings → Storage by deleting conversations or workspaces you no longer need, or free disk space on this device, then send a message to continue.';

/** How an action in flight is closed when its write met a full storage. */
export const STORAGE_FULL_ACTION_TEXT = 'Not saved: storage is full.';

/** What the person is told when Sandpiper's storage failed on its own (it could not even be opened: a full disk). */
export const STORAGE_FAILED_TEXT =
  'Sandpiper’s storage is not working right now, most likely because this device’s disk is full. Free disk space, then try again.';

/**
 * A failure in words for the person: IndexedDB's own, which name no remedy, led by what to
 * do (their first line kept, for a bug report); any other error's message as it is.
 */
export function problemText(error: unknown): string {
  if (isIndexedDbFailure(error))
    return `${STORAGE_FAILED_TEXT} (The browser said: ${innermostMessage(error).split('\n')[0]?.trim()})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * `read()`'s answer (then `onDatabaseRead`), or, when the database itself failed (it
 * cannot be opened: a full disk), what the backup copy has (`fromCopy`); the database's
 * error when there is no copy.
 */
export async function orFromBackupCopy<T>(
  read: () => Promise<T>,
  fromCopy: () => Promise<T | null>,
  onDatabaseRead: () => void = () => undefined,
): Promise<T> {
  try {
    const answer = await read();
    onDatabaseRead();
    return answer;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const copied = await fromCopy().catch(() => null);
    if (copied === null) throw error;
    return copied;
  }
}

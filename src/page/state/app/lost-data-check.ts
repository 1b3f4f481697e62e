import type { DatabaseIdentity } from '@/shared/storage/database-identity.ts';

/**
 * Chromium deletes a site's whole IndexedDB database when a commit meets a full disk
 * (issue 29, measured in tests/bench/full-disk), and the app would then open as if new.
 * The database names itself (a settings row made once), and the page keeps that name in
 * localStorage, which outlives the deletion (measured there too): a database that had to
 * make a new name while the page remembers an old one was lost, and the page says so.
 */

/** localStorage key: the name of the database the page last opened. */
export const KNOWN_DATABASE_KEY = 'sandpiper-database-id';

export const LOST_DATA_TEXT =
  'Your saved conversations are gone: this browser deleted the data Sandpiper keeps on this device, as browsers do when the disk is full. Settings and keys are gone too; conversation bundles you exported can be imported again.';

type NameStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Notes the database the page opened. True when it is new while the page remembers
 * another: the data was lost. A first visit (nothing remembered), another tab's new name
 * for the same database, or a refusing storage are not.
 */
export function noteDatabase(storage: NameStorage | undefined, database: DatabaseIdentity): boolean {
  try {
    const known = storage?.getItem(KNOWN_DATABASE_KEY) ?? null;
    if (known !== database.id) storage?.setItem(KNOWN_DATABASE_KEY, database.id);
    return database.isNew && known !== null && known !== database.id;
  } catch {
    // Storage refused (private mode, a full quota): nothing to compare with.
    return false;
  }
}

/** The watch on the database's identity: stop it, or read the identity again now. */
export type LostDataWatch = {
  stop(): void;
  /**
   * Reads the identity again now (a retry waiting is dropped): for when the database
   * answers again after failing, since the browser may have deleted it meanwhile (a full
   * disk) with this page open, which would otherwise be said only after a reload.
   */
  checkAgain(): void;
};

/**
 * Reads the database's identity (`read`) and calls `onLost` when the data was lost; when
 * the database cannot be read yet (a full disk: Chromium cannot open it), tries again
 * after `retryMs`, doubling up to a minute, so a database deleted meanwhile is still said
 * once space is freed.
 */
export function watchForLostData(options: {
  read: () => Promise<DatabaseIdentity>;
  storage: NameStorage | undefined;
  onLost: () => void;
  onError: (error: unknown) => void;
  retryMs?: number;
}): LostDataWatch {
  const retryMs = options.retryMs ?? 5_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const check = (delayMs: number) => {
    options.read().then(
      (identity) => {
        if (!isStopped && noteDatabase(options.storage, identity)) options.onLost();
      },
      (error: unknown) => {
        options.onError(error);
        if (isStopped) return;
        clearTimeout(timer);
        timer = setTimeout(() => check(Math.min(delayMs * 2, 60_000)), delayMs);
      },
    );
  };
  check(retryMs);
  return {
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
    checkAgain() {
      if (isStopped) return;
      clearTimeout(timer);
      check(retryMs);
    },
  };
}

/**
 * Chromium deletes a site's whole IndexedDB database when a commit meets a full disk
 * (issue 29, measured in tests/bench/full-disk), and the app would then open as if new.
 * The page remembers, outside IndexedDB, how many conversations it last saw; a first
 * load that finds none where there were some says so instead of showing nothing.
 */

/** localStorage key: how many conversations the page last saw in the database. */
export const KNOWN_CONVERSATIONS_KEY = 'sandpiper-known-conversations';

export const LOST_DATA_TEXT =
  'Your saved conversations are gone: this browser deleted the data Sandpiper keeps on this device. Browsers do this when the disk is full or when site data is cleared. Settings and keys are gone too; conversation bundles you exported can be imported again.';

type CountStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Notes that the database holds `count` conversations. True when this is the page's first
 * load of the list, it is empty, and the page had seen conversations before: the data was
 * lost, not deleted by the person (deleting them updates the count as it happens).
 */
export function noteConversationCount(
  storage: CountStorage | undefined,
  count: number,
  isFirstLoad: boolean,
): boolean {
  try {
    const known = Number(storage?.getItem(KNOWN_CONVERSATIONS_KEY) ?? 0);
    storage?.setItem(KNOWN_CONVERSATIONS_KEY, String(count));
    return isFirstLoad && count === 0 && Number.isFinite(known) && known > 0;
  } catch {
    // Storage refused (private mode, a full quota): nothing to compare with.
    return false;
  }
}

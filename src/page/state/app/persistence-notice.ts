import { createSignal } from 'solid-js';
import { type PersistenceState, requestPersistence } from './storage-persistence.ts';

/** localStorage key holding the last persistence outcome the person was told about. */
export const PERSISTENCE_NOTICE_KEY = 'sandpiper-persistence-noticed';

/** What the browser's answer means for the person's data, in a sentence. */
export function persistenceSentence(state: PersistenceState): string {
  switch (state) {
    case 'persisted':
      return 'This browser keeps Sandpiper’s conversations and workspaces even when disk space runs low.';
    case 'best-effort':
      return 'This browser may clear Sandpiper’s data when disk space runs low. Export conversations you want to keep.';
    case 'unsupported':
      return 'This browser cannot promise to keep Sandpiper’s data when disk space runs low.';
    case 'unknown':
      return 'Checking whether this browser keeps Sandpiper’s data…';
  }
}

/**
 * The banner's shorter sentence (one or two lines on a phone; "Manage storage" follows it,
 * where Settings → Storage says the rest, exporting included).
 */
export function persistenceBannerSentence(state: PersistenceState): string {
  return state === 'best-effort'
    ? 'This browser may clear Sandpiper’s data when disk space runs low.'
    : persistenceSentence(state);
}

/** Where the last told outcome is kept (localStorage in the app). */
export type NoticeMemory = Pick<Storage, 'getItem' | 'setItem'>;

function readNoticed(memory: NoticeMemory | undefined): string | null {
  try {
    return memory?.getItem(PERSISTENCE_NOTICE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeNoticed(memory: NoticeMemory | undefined, state: PersistenceState): void {
  try {
    memory?.setItem(PERSISTENCE_NOTICE_KEY, state);
  } catch {
    // Without storage the notice may show again next time; nothing else depends on it.
  }
}

/**
 * Asks the browser to keep our data at the first real use (the first task sent in this
 * page), and tells the person the answer once: again only if the answer changes later.
 */
export function createPersistenceNoticeStore(
  request: () => Promise<PersistenceState> = requestPersistence,
  memory: NoticeMemory | undefined = globalThis.localStorage,
) {
  const [notice, setNotice] = createSignal<PersistenceState | null>(null);
  let hasAsked = false;

  return {
    /** The outcome to tell the person about now, or null. */
    notice,
    /** Call when a task is sent; asks once per page and shows a new outcome. */
    async noteTaskSent(): Promise<void> {
      if (hasAsked) return;
      hasAsked = true;
      const outcome = await request();
      if (outcome === 'unknown' || outcome === 'unsupported' || readNoticed(memory) === outcome) return;
      writeNoticed(memory, outcome);
      setNotice(outcome);
    },
    dismiss(): void {
      setNotice(null);
    },
  };
}

export type PersistenceNoticeStore = ReturnType<typeof createPersistenceNoticeStore>;

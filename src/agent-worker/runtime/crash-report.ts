import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import {
  innermostMessage,
  isIndexedDbFailure,
  isQuotaError,
  STORAGE_FULL_ACTION_TEXT,
  STORAGE_FULL_TEXT,
} from '../../shared/protocol/storage-full.ts';
import type { EventRepository } from '../../shared/storage/event-repository.ts';
import type { Journal } from '../engine/journal.ts';
import { closeDanglingActions } from '../engine/step-policy.ts';

/**
 * Whether the device can still take `bytes` more (a scratch file written and removed):
 * asked when IndexedDB failed a write without saying why. Chromium words a full disk that
 * way too ("The transaction was aborted", measured in tests/bench/full-disk).
 */
export type SpaceProbe = (bytes: number) => Promise<boolean>;

/** What a write failure is probed with: a megabyte, more than one step's write. */
const PROBE_BYTES = 1_000_000;

/**
 * A bug or a failed write must still leave a readable conversation, never a silent
 * stop: the actions left open are closed and the failure recorded. A full storage is
 * announced to the open tabs at once (the notice itself may not fit); if nothing can
 * be written at all, they are told that instead.
 */
export async function reportCrash(
  dependencies: {
    journal: Journal;
    events: EventRepository;
    publish: (message: BroadcastMessage) => void;
    hasSpace?: SpaceProbe | undefined;
  },
  conversationId: string,
  error: unknown,
): Promise<void> {
  const isFull = (failure: unknown) => isStorageFull(failure, dependencies.hasSpace);
  const quota = (await isFull(error)) ? storageAlert(true, error) : null;
  if (quota) dependencies.publish({ type: 'alert', conversationId, ...quota });
  const detail = quota?.text ?? (error instanceof Error ? error.message : String(error));
  try {
    const events = await dependencies.events.list(conversationId);
    await dependencies.journal.append(
      conversationId,
      [
        ...closeDanglingActions(
          events,
          quota ? STORAGE_FULL_ACTION_TEXT : 'Stopped by an internal error.',
          'cancelled',
        ),
        { type: 'notice', kind: 'internal_error', text: detail, forModel: false },
      ],
      { conversation: { status: 'error' } },
    );
  } catch (failure) {
    if (!quota)
      dependencies.publish({
        type: 'alert',
        conversationId,
        ...storageAlert(await isFull(failure), failure),
      });
  }
}

/**
 * A full storage: said so by the error itself, or an IndexedDB failure without a reason
 * while the device cannot take a megabyte more.
 */
async function isStorageFull(error: unknown, hasSpace: SpaceProbe | undefined): Promise<boolean> {
  if (isQuotaError(error)) return true;
  if (!hasSpace || !isIndexedDbFailure(error)) return false;
  return !(await hasSpace(PROBE_BYTES).catch(() => true));
}

/** What to tell the person when a write failed: what to free when storage is full. */
function storageAlert(
  isFull: boolean,
  error: unknown,
): { kind: 'storage_full' | 'storage_failed'; text: string } {
  if (isFull) return { kind: 'storage_full', text: STORAGE_FULL_TEXT };
  const detail = innermostMessage(error).trim().replace(/\.+$/, '');
  return { kind: 'storage_failed', text: `Saving failed: ${detail}. Everything saved before it is intact.` };
}

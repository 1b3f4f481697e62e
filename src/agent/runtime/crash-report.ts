import type { BroadcastMessage } from '../../protocol/broadcast.ts';
import { isQuotaError, STORAGE_FULL_ACTION_TEXT, STORAGE_FULL_TEXT } from '../../protocol/storage-full.ts';
import type { EventRepository } from '../../storage/event-repository.ts';
import type { Journal } from '../engine/journal.ts';
import { closeDanglingActions } from '../engine/step-policy.ts';

/**
 * A bug or a failed write must still leave a readable conversation, never a silent
 * stop: the actions left open are closed and the failure recorded. A full storage is
 * announced to the open tabs at once (the notice itself may not fit); if nothing can
 * be written at all, they are told that instead.
 */
export async function reportCrash(
  dependencies: { journal: Journal; events: EventRepository; publish: (message: BroadcastMessage) => void },
  conversationId: string,
  error: unknown,
): Promise<void> {
  const quota = isQuotaError(error) ? storageAlert(error) : null;
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
    if (!quota) dependencies.publish({ type: 'alert', conversationId, ...storageAlert(failure) });
  }
}

/** What to tell the person when a write failed: what to free when storage is full. */
function storageAlert(error: unknown): { kind: 'storage_full' | 'storage_failed'; text: string } {
  if (isQuotaError(error)) {
    return { kind: 'storage_full', text: STORAGE_FULL_TEXT };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'storage_failed', text: `Saving failed: ${detail}. Everything saved before it is intact.` };
}

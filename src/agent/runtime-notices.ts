import type { EventBody, StoredEvent } from '../protocol/events.ts';
import type { ConversationRepository } from '../storage/conversation-repository.ts';
import type { EventRepository } from '../storage/event-repository.ts';
import type { CommandQueue } from './command-queue.ts';
import type { Journal } from './journal.ts';
import type { RunLocks } from './run-locks.ts';
import { closeDanglingActions } from './step-policy.ts';

/**
 * What the log records when a run ends or moves without the loop: the notices the runtime
 * writes for a page closed mid-run, a run taken over by this tab, a workspace cleared.
 */

/** A run a closed page left `running`: its open actions closed, and a note for the person. */
export function closedPageBodies(events: readonly StoredEvent[]): EventBody[] {
  return [
    ...closeDanglingActions(events, 'Interrupted: the page was closed while this action ran.'),
    {
      type: 'notice',
      kind: 'stopped',
      text: 'Interrupted when the page was closed. Send a message to continue.',
      forModel: false,
    },
  ];
}

/** This tab takes over a run whose tab was closed. */
export function takenOverNotice(): EventBody {
  return {
    type: 'notice',
    kind: 'stopped',
    text: 'The tab running this task was closed; continuing here.',
    forModel: false,
  };
}

/** The workspace was cleared (recorded, so other tabs reopen their sandbox rather than write old files back). */
export function workspaceClearedNotice(): EventBody {
  return { type: 'notice', kind: 'workspace_cleared', text: 'The workspace was cleared.', forModel: true };
}

/**
 * Marks runs that a closed page left `running` as interrupted (only those no tab runs:
 * not active here, and their lock free), closing their dangling actions. Once, when a
 * worker starts.
 */
export async function markInterruptedRuns(runtime: {
  conversations: Pick<ConversationRepository, 'list'>;
  events: Pick<EventRepository, 'list'>;
  journal: Pick<Journal, 'append'>;
  locks: Pick<RunLocks, 'isFree'>;
  commands: Pick<CommandQueue, 'exclusive'>;
  isActive: (conversationId: string) => boolean;
}): Promise<void> {
  for (const conversation of await runtime.conversations.list()) {
    await runtime.commands.exclusive(conversation.id, async () => {
      if (conversation.status !== 'running' || runtime.isActive(conversation.id)) return;
      if (!(await runtime.locks.isFree(conversation.id))) return;
      const events = await runtime.events.list(conversation.id);
      await runtime.journal.append(conversation.id, closedPageBodies(events), {
        conversation: { status: 'idle' },
      });
    });
  }
}

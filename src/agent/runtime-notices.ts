import type { EventBody, StoredEvent } from '../protocol/events.ts';
import type { ConversationRepository } from '../storage/conversation-repository.ts';
import type { EventRepository } from '../storage/event-repository.ts';
import type { SettingsRepository } from '../storage/settings-repository.ts';
import type { CommandQueue } from './command-queue.ts';
import type { Journal } from './journal.ts';
import type { RunLocks } from './run-locks.ts';
import { closeDanglingActions } from './step-policy.ts';

/**
 * What the log records when a run ends or moves without the loop: the notices the runtime
 * writes for a page closed mid-run, a run taken over by this tab, a workspace cleared.
 */

/**
 * A run a closed page left `running`: its open actions closed as `interrupted`, and a note
 * for the person. `isContinuing`: the run goes on from the log (the `continue` setting);
 * otherwise it waits for the person, asked to send a message (the default).
 */
export function closedPageBodies(events: readonly StoredEvent[], isContinuing = false): EventBody[] {
  return [
    ...closeDanglingActions(
      events,
      'Interrupted: the page was closed while this action ran, so it may not have finished.',
    ),
    {
      type: 'notice',
      kind: 'stopped',
      text: isContinuing
        ? 'Interrupted when the page was closed; continuing from where it stopped.'
        : 'Interrupted when the page was closed. Send a message to continue.',
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
 * worker starts. With the `continue` setting (`interruptedRuns`) each such run is then
 * launched again and goes on from its log; by default it waits for the person.
 */
export async function markInterruptedRuns(runtime: {
  conversations: Pick<ConversationRepository, 'list'>;
  events: Pick<EventRepository, 'list'>;
  journal: Pick<Journal, 'append'>;
  locks: Pick<RunLocks, 'isFree'>;
  commands: Pick<CommandQueue, 'exclusive'>;
  isActive: (conversationId: string) => boolean;
  /** Where `interruptedRuns` is read (absent: ask). */
  settings?: Pick<SettingsRepository, 'getAgentSettings'>;
  /** Starts the run of a conversation whose status is already `running`. */
  launch?: (conversationId: string) => void;
}): Promise<void> {
  // Settings that cannot be read must not keep the runs from being closed: ask, then.
  const saved = await runtime.settings?.getAgentSettings().catch(() => undefined);
  const choice = saved?.interruptedRuns ?? 'ask';
  const isContinuing = runtime.launch !== undefined && choice === 'continue';
  for (const conversation of await runtime.conversations.list()) {
    await runtime.commands.exclusive(conversation.id, async () => {
      if (conversation.status !== 'running' || runtime.isActive(conversation.id)) return;
      if (!(await runtime.locks.isFree(conversation.id))) return;
      const events = await runtime.events.list(conversation.id);
      await runtime.journal.append(conversation.id, closedPageBodies(events, isContinuing), {
        conversation: { status: isContinuing ? 'running' : 'idle' },
      });
      if (isContinuing) runtime.launch?.(conversation.id);
    });
  }
}

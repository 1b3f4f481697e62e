import type { EventBody, StoredEvent } from '../protocol/events.ts';
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

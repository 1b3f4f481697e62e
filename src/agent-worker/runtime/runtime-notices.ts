import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { EventBody, StoredEvent } from '../../shared/protocol/events.ts';
import type { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { EventRepository } from '../../shared/storage/event-repository.ts';
import type { PlanRepository } from '../../shared/storage/plan-repository.ts';
import type { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import type { Journal } from '../engine/journal.ts';
import { runtimeAsk } from '../engine/step-asks.ts';
import { closeDanglingActions } from '../engine/step-policy.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import { findProfile } from '../toolkit/profile.ts';
import type { CommandQueue } from './command-queue.ts';
import type { RunLocks } from './run-locks.ts';

/**
 * What the log records when a run ends or moves without the loop: the notices the runtime
 * writes for a page closed mid-run, a run taken over by this tab, a workspace cleared.
 */

/** Automatic restarts in a row (no word from the person between them) before the runtime asks instead. */
export const MAX_AUTOMATIC_RESTARTS = 3;

/** The runtime's question after a closed page interrupted a run (`ask`, or too many restarts in a row). */
export function interruptedQuestion(restarts: number): string {
  const why =
    restarts >= MAX_AUTOMATIC_RESTARTS
      ? `My work on this stopped unexpectedly (the page was closed, or the agent crashed), for the ${ordinal(restarts + 1)} time in a row since your last message, so I did not go on by myself.`
      : 'My work on this stopped unexpectedly (the page was closed, or the agent crashed).';
  return `${why} Nothing that was shown is lost. Shall I continue from where it stopped?`;
}

/** Runs a closed page interrupted that went on by themselves since the person last spoke. */
export function automaticRestarts(events: readonly StoredEvent[]): number {
  let count = 0;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const { body } = events[index]!;
    if (body.type === 'user_message' || body.type === 'user_reply') break;
    if (body.type === 'notice' && body.kind === 'interrupted') count += 1;
  }
  return count;
}

/**
 * A run a closed page left `running`: its open actions closed as `interrupted`, then
 * either a note that it goes on by itself (`isContinuing`: the `continue` setting), or
 * `ask`, the runtime's question whether to go on (the default), or where there is no
 * question to ask, a note to send a message.
 */
export function closedPageBodies(
  events: readonly StoredEvent[],
  isContinuing: boolean,
  ask: readonly EventBody[] = [],
): EventBody[] {
  const closed = closeDanglingActions(
    events,
    'Interrupted: the page was closed or the agent crashed while this action ran, so it may not have finished.',
  );
  if (!isContinuing && ask.length > 0) return [...closed, ...ask];
  if (!isContinuing) {
    const text = 'Interrupted (the page was closed, or the agent crashed). Send a message to continue.';
    return [...closed, { type: 'notice', kind: 'stopped', text, forModel: false }];
  }
  const text = 'Interrupted (the page was closed, or the agent crashed); continuing from where it stopped.';
  return [...closed, { type: 'notice', kind: 'interrupted', text, forModel: false }];
}

function ordinal(count: number): string {
  return ['first', 'second', 'third', 'fourth'][count - 1] ?? `${count}th`;
}

/** The person asked to run a conversation that ended on an error again. */
export function retriedNotice(): EventBody {
  return { type: 'notice', kind: 'retrying', text: 'Retrying from the step that failed.', forModel: false };
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
 * launched again and goes on from its log, up to `MAX_AUTOMATIC_RESTARTS` times in a row;
 * by default (and past that) the runtime asks the person whether to go on.
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
  /** The runtime's question in the conversation's profile (absent: the run waits with no question). */
  askIn?: (conversation: Conversation, question: string) => Promise<EventBody[]>;
}): Promise<void> {
  // Settings that cannot be read must not keep the runs from being closed: ask, then.
  const saved = await runtime.settings?.getAgentSettings().catch(() => undefined);
  const choice = saved?.interruptedRuns ?? 'ask';
  for (const conversation of await runtime.conversations.list()) {
    await runtime.commands.exclusive(conversation.id, async () => {
      if (conversation.status !== 'running' || runtime.isActive(conversation.id)) return;
      if (!(await runtime.locks.isFree(conversation.id))) return;
      const events = await runtime.events.list(conversation.id);
      const isContinuing =
        runtime.launch !== undefined &&
        choice === 'continue' &&
        automaticRestarts(events) < MAX_AUTOMATIC_RESTARTS;
      const question = isContinuing ? null : interruptedQuestion(automaticRestarts(events));
      const ask = question === null ? [] : ((await runtime.askIn?.(conversation, question)) ?? []);
      await runtime.journal.append(conversation.id, closedPageBodies(events, isContinuing, ask), {
        conversation: { status: isContinuing ? 'running' : ask.length > 0 ? 'asking' : 'idle' },
      });
      if (isContinuing) runtime.launch?.(conversation.id);
    });
  }
}

/**
 * The runtime's `interrupted` question in a conversation's own profile, at its plan's
 * current phase; none for a sub-agent's conversation (nobody would see it).
 */
export function interruptedAsk(
  profiles: readonly ToolProfile[],
  plans: Pick<PlanRepository, 'get'>,
  newId: () => string,
): (conversation: Conversation, question: string) => Promise<EventBody[]> {
  return async (conversation, question) => {
    // A sub-agent's conversation is not shown to the person: its parent's `task` says it was interrupted.
    if (conversation.parent) return [];
    const profile = findProfile(conversation.profileId, profiles);
    if (!profile) return [];
    const phaseId = (await plans.get(conversation.id))?.current_phase_id;
    return runtimeAsk({ uuid: newId(), reason: 'interrupted', question, phaseId, profile });
  };
}

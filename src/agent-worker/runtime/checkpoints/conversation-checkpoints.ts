import type { BroadcastMessage } from '@/shared/protocol/broadcast.ts';
import type { PendingRewind, RewindPreview } from '@/shared/protocol/checkpoints.ts';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import { planAfter } from '@/shared/protocol/plan-after.ts';
import { ConversationForks } from '@/shared/storage/conversation-fork.ts';
import {
  ConversationRewinds,
  type RewindStash,
  type SettledState,
} from '@/shared/storage/conversation-rewind.ts';
import type { SandpiperDatabase } from '@/shared/storage/db.ts';
import type { Journal } from '../../engine/journal.ts';
import { openQuestion } from '../../engine/step-policy.ts';
import type { ActiveRuns } from '../active-runs.ts';
import type { CommandQueue } from '../command-queue.ts';
import type { RunLocks } from '../run-locks.ts';
import { isShownChange } from '../workspace-changes.ts';
import { AGENT_IS_WORKING } from '../workspace-upkeep.ts';

/** What the runtime lends the checkpoints: its database, queue, journal, sandboxes, and whether a conversation runs. */
export type CheckpointDependencies = {
  database: SandpiperDatabase;
  commands: CommandQueue;
  publish: (message: BroadcastMessage) => void;
  newId: () => string;
  now: () => number;
  /** Its cached sequence numbers are forgotten after a rewrite. */
  journal: Pick<Journal, 'forget'>;
  /** Open sandboxes, reopened from the saved workspace after a rewrite. */
  sandboxes: { forget: (conversationId: string) => void };
  /** Runs held by any tab; a rewind holds the conversation's lock while it writes. */
  locks: Pick<RunLocks, 'holdIfFree'>;
  /** The runs this worker holds. */
  active: Pick<ActiveRuns, 'has'>;
};

/**
 * What the person does with a step's checkpoint: rewind to it (the later steps are
 * dropped and the workspace put back as it was then, undoable until the next message),
 * or fork from it (a new conversation, the original left as it is). Rewinding is refused
 * while the conversation runs, here or in another tab.
 */
export class ConversationCheckpoints {
  private readonly rewinds: ConversationRewinds;
  private readonly forks: ConversationForks;

  constructor(private readonly dependencies: CheckpointDependencies) {
    this.rewinds = new ConversationRewinds(dependencies.database, dependencies.now);
    this.forks = new ConversationForks(dependencies.database, dependencies.now);
  }

  /** What rewinding to the step at `seq` would drop and change. */
  async preview(conversationId: string, seq: number): Promise<RewindPreview> {
    const { dropped, changes } = await this.rewinds.scope(conversationId, seq);
    return { ...countDropped(dropped), paths: changes.filter(isShownChange).length };
  }

  /** The rewind that can still be undone, or null. */
  async pending(conversationId: string): Promise<PendingRewind | null> {
    const stash = await this.rewinds.pending(conversationId);
    return stash ? pendingOf(stash) : null;
  }

  async rewind(conversationId: string, seq: number): Promise<PendingRewind> {
    return this.exclusive(conversationId, async () => {
      const { stash, conversation } = await this.rewinds.rewind(conversationId, seq, (kept) =>
        settledState(kept, conversationId),
      );
      this.afterRewrite(conversation);
      return pendingOf(stash);
    });
  }

  async undoRewind(conversationId: string): Promise<void> {
    await this.exclusive(conversationId, async () => {
      this.afterRewrite(await this.rewinds.undo(conversationId));
    });
  }

  /** Forks the conversation at the step at `seq`; resolves with the new conversation's id. */
  async fork(conversationId: string, seq: number): Promise<string> {
    const forkId = this.dependencies.newId();
    // The original is only read, in one transaction: a run of it may go on meanwhile.
    const fork = await this.forks.fork({ sourceId: conversationId, seq, forkId }, (kept) =>
      settledState(kept, forkId),
    );
    this.dependencies.publish({ type: 'conversation', conversation: fork });
    return fork.id;
  }

  /**
   * Another tab rewrote the conversation: what this worker keeps of its log (the next
   * sequence number) and its open sandbox are read afresh at their next use.
   */
  forgetRewritten(conversationId: string): void {
    this.dependencies.journal.forget(conversationId);
    this.dependencies.sandboxes.forget(conversationId);
  }

  /**
   * Runs `task` in the conversation's turn, holding its run lock (no tab can start a run
   * of it meanwhile); refused while a run, here or in another tab, holds it.
   */
  private async exclusive<T>(conversationId: string, task: () => Promise<T>): Promise<T> {
    const { commands, active, locks } = this.dependencies;
    return commands.exclusive(conversationId, async () => {
      if (active.has(conversationId)) throw new Error(AGENT_IS_WORKING);
      const outcome = await locks.holdIfFree(conversationId, task);
      if (!outcome.isHeld) throw new Error(AGENT_IS_WORKING);
      return outcome.value;
    });
  }

  /** The log and workspace were rewritten: the runtime reads them afresh, and every tab re-reads the conversation. */
  private afterRewrite(conversation: Conversation): void {
    this.forgetRewritten(conversation.id);
    this.dependencies.publish({ type: 'conversation', conversation });
    this.dependencies.publish({ type: 'conversation_rewound', conversationId: conversation.id });
  }
}

/**
 * A conversation whose log ends at `kept`: the plan then, and waiting on its open question
 * if it has one, done when its last finished step delivered the result, else idle.
 */
function settledState(kept: StoredEvent[], conversationId: string): SettledState {
  const plan = planAfter(kept, kept.length, conversationId);
  if (openQuestion(kept)) return { plan, status: 'asking' };
  const last = kept.findLast(({ body }) => body.type === 'envelope' && body.envelope.status !== 'running');
  const isDelivered =
    last?.body.type === 'envelope' && last.body.role === 'result' && last.body.envelope.status === 'success';
  return { plan, status: isDelivered ? 'done' : 'idle' };
}

/** The actions and messages of the person among dropped events. */
function countDropped(events: readonly StoredEvent[]): { steps: number; messages: number } {
  const actions = new Set<string>();
  let messages = 0;
  for (const { body } of events) {
    if (body.type === 'envelope') actions.add(body.envelope.uuid);
    else if (body.type === 'user_message' || body.type === 'user_reply') messages += 1;
  }
  return { steps: actions.size, messages };
}

function pendingOf(stash: RewindStash): PendingRewind {
  return { atSeq: stash.atSeq, at: stash.at, ...countDropped(stash.events) };
}

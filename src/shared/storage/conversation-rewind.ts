import Dexie from 'dexie';
import { z } from 'zod';
import { Conversation, ConversationStatus } from '../protocol/conversation.ts';
import { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/phase-plan.ts';
import type { SandpiperDatabase } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { holdForTest } from './test-hold.ts';
import {
  Checkpoint,
  type FileChange,
  historyTables,
  WorkspaceHistory,
  workspaceTables,
} from './workspace-history.ts';
import { changesSince, restoreWorkspaceAt } from './workspace-restore.ts';

/**
 * What a rewind dropped, kept until the conversation's next message so that it can be
 * undone: the later events and checkpoints, the plan and status before it, and the last
 * change of the workspace before the rewind restored it. Rewinding again before that folds the earlier rewind in, so undo
 * always brings back the conversation as it was before the first of them.
 */
export const RewindStash = z.object({
  conversationId: z.string().min(1),
  atSeq: z.number().int().nonnegative(),
  revBefore: z.number().int().nonnegative(),
  events: z.array(StoredEvent),
  checkpoints: z.array(Checkpoint),
  plan: Plan.nullable(),
  status: ConversationStatus,
  at: z.number(),
});
export type RewindStash = z.infer<typeof RewindStash>;

/** What the conversation is once its log ends at the kept events: its plan and status then (the caller knows how). */
export type SettledState = { plan: Plan | null; status: ConversationStatus };

/** What a rewind to a step would drop: the later events, and the workspace's changes since the step. */
export type RewindScope = { dropped: StoredEvent[]; changes: FileChange[] };

/**
 * The checkpoint a rewind or a fork goes back to, refused when there is none, or when it
 * is an answer's (the question it answers closes with the step after it, which is where
 * to go back to: kept alone, the answer would leave its question open).
 */
export async function checkpointAt(
  database: SandpiperDatabase,
  conversationId: string,
  seq: number,
): Promise<Checkpoint> {
  const parsed = Checkpoint.safeParse(await database.checkpoints.get([conversationId, seq]));
  if (!parsed.success)
    throw new RewindRefusedError(
      'That step has no checkpoint (it ran before checkpoints were kept, or its history was pruned).',
    );
  const event = await database.events.get([conversationId, seq]);
  if ((event?.body as { type?: unknown } | undefined)?.type === 'user_reply')
    throw new RewindRefusedError(
      'Go back to the question’s step instead: an answer is kept with the question it closes.',
    );
  return parsed.data;
}

/** The conversation whose steps a rewind or a fork goes back to, refused when gone or a sub-agent's. */
export async function ownConversation(
  database: SandpiperDatabase,
  conversationId: string,
  verb: 'rewound' | 'forked',
): Promise<Conversation> {
  const row = await database.conversations.get(conversationId);
  if (!row) throw new RewindRefusedError('That conversation no longer exists.');
  const conversation = Conversation.parse(row);
  if (conversation.parent)
    throw new RewindRefusedError(`A sub-agent’s steps are ${verb} with the conversation it works for.`);
  return conversation;
}

/** Refused: the conversation, the step or the rewind named is not one that can be rewound or undone. */
class RewindRefusedError extends Error {
  override name = 'RewindRefusedError';
}

/**
 * Rewinds a conversation to a step and undoes that, each in one transaction over the
 * events, plan, conversation, workspace and its history: all or nothing, so a page
 * killed midway leaves the old state or the new one, never a mix. The workspace is put
 * back by writing the old versions (recorded in the history like any write), so the
 * history stays one line and every checkpoint stays readable; those changes fall before
 * the person's next message, whose checkpoint takes them, never to a step.
 */
export class ConversationRewinds {
  private readonly events: EventRepository;

  constructor(
    private readonly database: SandpiperDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.events = new EventRepository(database);
  }

  /** What rewinding to the step at `seq` would drop and restore. */
  async scope(conversationId: string, seq: number): Promise<RewindScope> {
    const database = this.database;
    return database.transaction(
      'r',
      [database.conversations, database.events, ...historyTables(database)],
      async () => {
        const { checkpoint } = await this.target(conversationId, seq);
        const dropped = await this.events.after(conversationId, seq);
        return { dropped, changes: await changesSince(database, conversationId, checkpoint.rev) };
      },
    );
  }

  /** The rewind that can still be undone, or null (none, or the conversation went on after it). */
  async pending(conversationId: string): Promise<RewindStash | null> {
    const row = await this.database.rewinds.get(conversationId);
    if (!row) return null;
    const parsed = RewindStash.safeParse(row);
    if (!parsed.success) return null;
    const later = await this.events.after(conversationId, parsed.data.atSeq);
    return later.length === 0 ? parsed.data : null;
  }

  /**
   * Rewinds the conversation to the step whose event is `seq` (an action's settled
   * envelope, or a message of the person): drops every later event and checkpoint, puts
   * the workspace back as it was after that step, and sets the plan and status `settle`
   * gives for the events kept.
   */
  async rewind(
    conversationId: string,
    seq: number,
    settle: (kept: StoredEvent[]) => SettledState,
  ): Promise<{ stash: RewindStash; conversation: Conversation }> {
    const database = this.database;
    const tables = this.tables();
    return database.transaction('rw', tables, async () => {
      const { conversation, checkpoint } = await this.target(conversationId, seq);
      const dropped = await this.events.after(conversationId, seq);
      if (dropped.length === 0)
        throw new RewindRefusedError(
          'This is the conversation’s last step: there is nothing after it to drop.',
        );
      const history = new WorkspaceHistory(database);
      const laterCheckpoints = (await history.checkpoints(conversationId)).filter((each) => each.seq > seq);
      const earlier = await this.pending(conversationId);
      const plan = await database.plans.get(conversationId);
      const now = this.now();
      // An earlier rewind not yet undone is folded in: undo goes back to before the first.
      const stash: RewindStash = earlier
        ? {
            ...earlier,
            atSeq: seq,
            events: [...dropped, ...earlier.events],
            checkpoints: [...laterCheckpoints, ...earlier.checkpoints],
            at: now,
          }
        : {
            conversationId,
            atSeq: seq,
            revBefore: await history.latestRev(conversationId),
            events: dropped,
            checkpoints: laterCheckpoints,
            plan: plan ? Plan.parse(plan) : null,
            status: conversation.status,
            at: now,
          };
      await restoreWorkspaceAt(database, conversationId, checkpoint.rev, now);
      await database.events
        .where('[conversationId+seq]')
        .between([conversationId, seq + 1], [conversationId, Dexie.maxKey])
        .delete();
      await database.checkpoints
        .where('[conversationId+seq]')
        .between([conversationId, seq + 1], [conversationId, Dexie.maxKey])
        .delete();
      const kept = await this.events.upTo(conversationId, seq);
      const settled = await this.settleTo(conversation, settle(kept), now);
      await database.rewinds.put(RewindStash.parse(stash));
      await holdForTest('rewind');
      return { stash, conversation: settled };
    });
  }

  /** Undoes the pending rewind: the dropped events, checkpoints, plan, status and workspace come back. */
  async undo(conversationId: string): Promise<Conversation> {
    const database = this.database;
    const tables = this.tables();
    return database.transaction('rw', tables, async () => {
      const stash = await this.pending(conversationId);
      if (!stash)
        throw new RewindRefusedError(
          'There is no rewind to undo: a message has been sent since, or it was undone already.',
        );
      const conversation = await this.conversation(conversationId);
      const now = this.now();
      await restoreWorkspaceAt(database, conversationId, stash.revBefore, now);
      await database.events.bulkAdd(stash.events);
      await database.checkpoints.bulkPut(stash.checkpoints);
      const settled = await this.settleTo(conversation, { plan: stash.plan, status: stash.status }, now);
      await database.rewinds.delete(conversationId);
      return settled;
    });
  }

  /** Every table a rewind or its undo writes, each once. */
  private tables() {
    const database = this.database;
    const all = [
      database.conversations,
      database.events,
      database.plans,
      ...workspaceTables(database),
      ...historyTables(database),
    ];
    return [...new Set(all)];
  }

  private conversation(conversationId: string): Promise<Conversation> {
    return ownConversation(this.database, conversationId, 'rewound');
  }

  /** The conversation and the checkpoint of the step at `seq` (refused when it has none). */
  private async target(
    conversationId: string,
    seq: number,
  ): Promise<{ conversation: Conversation; checkpoint: Checkpoint }> {
    const conversation = await this.conversation(conversationId);
    return { conversation, checkpoint: await checkpointAt(this.database, conversationId, seq) };
  }

  private async settleTo(
    conversation: Conversation,
    state: SettledState,
    now: number,
  ): Promise<Conversation> {
    if (state.plan) await this.database.plans.put(Plan.parse(state.plan));
    else await this.database.plans.delete(conversation.id);
    const settled = Conversation.parse({ ...conversation, status: state.status, updatedAt: now });
    await this.database.conversations.put(settled);
    return settled;
  }
}

import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import { Conversation } from '../../shared/protocol/conversation.ts';
import { type EventBody, StoredEvent } from '../../shared/protocol/events.ts';
import { Plan } from '../../shared/protocol/phase-plan.ts';
import type { WorkspaceFile } from '../../shared/protocol/workspace.ts';
import type { SandpiperDatabase, UnknownRow } from '../../shared/storage/db.ts';
import { EventRepository } from '../../shared/storage/event-repository.ts';
import { SpendLedger } from '../../shared/storage/spend-ledger.ts';
import { WorkspaceHistory, workspaceTables } from '../../shared/storage/workspace-history.ts';
import { WorkspaceRepository } from '../../shared/storage/workspace-repository.ts';

/**
 * Changes written in the same transaction as the events that cause them. The
 * conversation row (and its `updatedAt`) is written only when its status or title changes.
 */
export type JournalChanges = {
  plan?: Plan;
  conversation?: Partial<Pick<Conversation, 'status' | 'title' | 'providerId'>>;
  /** Workspace files written with the events (a message's attachments), refused whole past `limitBytes`. */
  files?: WorkspaceWrites;
};

/** New workspace entries and the size limit they must fit under. */
export type WorkspaceWrites = { writes: WorkspaceFile[]; limitBytes: number };

/**
 * Diagnostics of one write, on the worker's `performance.now()` clock: when it began, when
 * its transaction committed, and when what it wrote had been published; `isStaged` when
 * its writer went on before the commit (`Journal.stage`).
 */
export type CommitTiming = {
  conversationId: string;
  isStaged: boolean;
  startedAt: number;
  committedAt: number;
  publishedAt: number;
  events: number;
};

/** Events numbered and on their way to IndexedDB (see `Journal.stage`). */
export type StagedAppend = { events: StoredEvent[]; committed: Promise<void> };

/**
 * The only writer of conversation data. Each call is one Dexie transaction (events,
 * plan and conversation status together, all or nothing); what it wrote is published
 * only after the transaction commits, so nothing is shown that a reload could lose.
 */
export class Journal {
  private readonly nextSeq = new Map<string, number>();
  /** Per conversation, the last staged write still committing: later writes commit after it. */
  private readonly staged = new Map<string, Promise<unknown>>();
  private readonly events: EventRepository;
  /** What each conversation spent per day, written with the events that carry usage (see `SpendLedger`). */
  readonly ledger: SpendLedger;

  constructor(
    private readonly database: SandpiperDatabase,
    private readonly publish: (message: BroadcastMessage) => void,
    private readonly now: () => number = Date.now,
    private readonly onCommit?: (timing: CommitTiming) => void,
  ) {
    this.events = new EventRepository(database);
    this.ledger = new SpendLedger(database);
  }

  /**
   * True when the last event of the conversation (`lastSeq`) is one this journal wrote,
   * so nothing else (another tab) has written to it since.
   */
  wroteLast(conversationId: string, lastSeq: number): boolean {
    return this.nextSeq.get(conversationId) === lastSeq + 1;
  }

  /** Creates a conversation together with its first events (and the files they bring, if any). */
  async createConversation(
    conversation: Conversation,
    bodies: EventBody[],
    files?: WorkspaceWrites,
  ): Promise<StoredEvent[]> {
    const database = this.database;
    const row = Conversation.parse(conversation);
    // The ledger only when the first events spend (a schedule's firing nests this in its own
    // transaction, over the conversations and events alone).
    const isSpending = bodies.some(carriesUsage);
    const tables = [
      database.conversations,
      database.events,
      ...(isSpending ? [database.spend] : []),
      ...(files ? workspaceTables(database) : []),
      database.fileChanges,
      database.checkpoints,
    ];
    const stored = await database.transaction('rw', tables, async () => {
      await database.conversations.add(row);
      const events = bodies.map((body, index) => this.toRow(row.id, index, body));
      await database.events.bulkAdd(events);
      if (isSpending) await this.ledger.record(row.id, row.providerId ?? '', events);
      await this.writeFilesAndCheckpoints(row.id, events, files, row);
      return events;
    });
    this.nextSeq.set(row.id, stored.length);
    this.publish({ type: 'conversation', conversation: row });
    for (const event of stored) this.publish({ type: 'event', event });
    return stored;
  }

  /**
   * Appends events and applies `changes` atomically; returns the stored events. If
   * another writer (a second tab) took the next sequence numbers, the cached counter is
   * dropped and the append retried once from the database's own last `seq`.
   */
  async append(
    conversationId: string,
    bodies: EventBody[],
    changes: JournalChanges = {},
  ): Promise<StoredEvent[]> {
    await this.afterStaged(conversationId);
    try {
      return await this.appendOnce(conversationId, bodies, changes);
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      return this.appendOnce(conversationId, bodies, changes);
    }
  }

  /**
   * Appends like `append`, but numbers the events at once and hands them back with the
   * commit still under way (`committed`, begun after the current task), so that work which
   * shows nothing (the next model request) need not wait for it. What it wrote is still
   * published only once committed, and the conversation's later writes commit after it. A
   * failed commit rejects `committed` (the counter is then read afresh): its caller must
   * await it before acting on anything that follows these events. Null when the next
   * sequence number is not known without reading the database (use `append`).
   */
  stage(conversationId: string, bodies: EventBody[], changes: JournalChanges = {}): StagedAppend | null {
    const firstSeq = this.nextSeq.get(conversationId);
    if (firstSeq === undefined) return null;
    const startedAt = performance.now();
    const events = bodies.map((body, index) => this.toRow(conversationId, firstSeq + index, body));
    this.nextSeq.set(conversationId, firstSeq + events.length);
    // Begun once the current task is done, so what the caller goes on with (the next request,
    // built in this task) leaves first.
    const committed = this.afterStaged(conversationId)
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => this.commit(conversationId, changes, { startedAt, isStaged: true }, () => events))
      .then(() => undefined);
    this.staged.set(conversationId, committed);
    const forget = () => {
      if (this.staged.get(conversationId) === committed) this.staged.delete(conversationId);
    };
    committed.then(forget, forget);
    return { events, committed };
  }

  /** Resolves once the conversation's staged write, if any, has committed or failed. */
  private async afterStaged(conversationId: string): Promise<void> {
    await this.staged.get(conversationId)?.catch(() => undefined);
  }

  private appendOnce(
    conversationId: string,
    bodies: EventBody[],
    changes: JournalChanges,
  ): Promise<StoredEvent[]> {
    const timing = { startedAt: performance.now(), isStaged: false };
    return this.commit(conversationId, changes, timing, async () => {
      const firstSeq = this.nextSeq.get(conversationId) ?? (await this.events.lastSeq(conversationId)) + 1;
      const events = bodies.map((body, index) => this.toRow(conversationId, firstSeq + index, body));
      this.nextSeq.set(conversationId, firstSeq + events.length);
      return events;
    });
  }

  /** Writes the events `rows` gives (inside the transaction) with `changes`, then publishes them. */
  private async commit(
    conversationId: string,
    changes: JournalChanges,
    timing: Pick<CommitTiming, 'startedAt' | 'isStaged'>,
    rows: () => StoredEvent[] | Promise<StoredEvent[]>,
  ): Promise<StoredEvent[]> {
    const database = this.database;
    let conversation: Conversation | null = null;
    let stored: StoredEvent[];
    try {
      const { files } = changes;
      // A connection the browser closed mid-write fails the write instead of holding the run.
      stored = await database.unlessClosed(
        database.transaction(
          'rw',
          [
            database.conversations,
            database.events,
            database.plans,
            database.spend,
            ...(files ? workspaceTables(database) : []),
            database.fileChanges,
            database.checkpoints,
            database.rewinds,
          ],
          async () => {
            const events = await rows();
            conversation = await this.writeWithEvents(conversationId, events, changes);
            return events;
          },
        ),
      );
    } catch (error) {
      this.nextSeq.delete(conversationId);
      throw error;
    }
    const committedAt = performance.now();
    for (const event of stored) this.publish({ type: 'event', event });
    if (changes.plan) this.publish({ type: 'plan', plan: changes.plan });
    if (conversation) this.publish({ type: 'conversation', conversation });
    const publishedAt = performance.now();
    this.onCommit?.({ conversationId, ...timing, committedAt, publishedAt, events: stored.length });
    return stored;
  }

  /**
   * Inside the caller's transaction: `events` and what comes with them (the plan, the end of
   * a rewind, the workspace's marks and files, the spend ledger, the conversation's row).
   * Requests that do not depend on each other are issued together, so IndexedDB runs them
   * back to back instead of waiting for the worker between each: a step's write is three
   * round trips instead of eight. Returns the conversation's new row, if it changed.
   */
  private async writeWithEvents(
    conversationId: string,
    events: readonly StoredEvent[],
    changes: JournalChanges,
  ): Promise<Conversation | null> {
    const database = this.database;
    const { files } = changes;
    // Checked before any request is issued: a refused plan leaves none of them without a handler.
    const plan = changes.plan ? Plan.parse(changes.plan) : null;
    // The row is read only when needed: for changes to it, the workspace's marks (a
    // sub-agent's point at its parent's), or to know the provider that spent the tokens.
    const isRowNeeded =
      Boolean(changes.conversation || files) ||
      events.some(({ body }) => carriesUsage(body) || isMarked(body));
    const [existing] = await Promise.all([
      isRowNeeded ? database.conversations.get(conversationId) : undefined,
      events.length > 0 ? database.events.bulkAdd([...events]) : undefined,
      // The conversation went on (a message, a stop, a notice): a rewind before can no longer be undone.
      events.length > 0 ? database.rewinds.delete(conversationId) : undefined,
      plan ? database.plans.put(plan) : undefined,
    ]);
    let conversation: Conversation | null = null;
    if (changes.conversation) {
      if (!existing) throw new Error(`Conversation ${conversationId} does not exist.`);
      conversation = Conversation.parse({ ...existing, ...changes.conversation, updatedAt: this.now() });
    }
    const providerId = typeof existing?.providerId === 'string' ? existing.providerId : '';
    await Promise.all([
      this.writeFilesAndCheckpoints(conversationId, events, files, existing),
      this.ledger.record(conversationId, providerId, events),
      conversation ? database.conversations.put(conversation) : undefined,
    ]);
    return conversation;
  }

  /**
   * Inside the caller's transaction: writes `files` (a message's uploads) and marks where
   * each settled action and each message or reply of the person stands in the workspace's
   * history, all or nothing with the events. Events before the one that brings the files
   * are marked first, so an upload is counted to the person's message, never to an action
   * closed in the same write. A sub-agent works in its parent's workspace (`row`, the
   * conversation's row, says which): its marks point there.
   */
  private async writeFilesAndCheckpoints(
    conversationId: string,
    events: readonly StoredEvent[],
    files: WorkspaceWrites | undefined,
    row: UnknownRow | undefined,
  ): Promise<void> {
    const marks = events.flatMap(({ seq, body }) => {
      if (body.type === 'envelope' && body.envelope.status !== 'running')
        return [{ seq, uuid: body.envelope.uuid }];
      return isMarked(body) ? [{ seq }] : [];
    });
    // Most writes (a turn, a running envelope) mark nothing and bring no files.
    if (!files && marks.length === 0) return;
    const history = new WorkspaceHistory(this.database);
    const parent = row?.parent as { conversationId?: unknown } | undefined;
    const workspaceId = typeof parent?.conversationId === 'string' ? parent.conversationId : conversationId;
    if (!files) return history.checkpointAll(conversationId, marks, workspaceId);
    // The files go in just before the person's message that brings them (at the end when none does).
    const persons = events.find(({ body }) => body.type === 'user_message' || body.type === 'user_reply');
    const before = persons ? marks.filter(({ seq }) => seq < persons.seq) : marks;
    await history.checkpointAll(conversationId, before, workspaceId);
    await this.writeFiles(conversationId, files);
    await history.checkpointAll(conversationId, marks.slice(before.length), workspaceId);
  }

  /** Writes workspace entries inside the caller's transaction (Dexie nests it), limit checked. */
  private writeFiles(conversationId: string, files: WorkspaceWrites): Promise<void> {
    return new WorkspaceRepository(this.database).apply(
      conversationId,
      { writes: files.writes, deletes: [] },
      files.limitBytes,
    );
  }

  /** Forgets cached sequence numbers (after a delete). */
  forget(conversationId: string): void {
    this.nextSeq.delete(conversationId);
  }

  private toRow(conversationId: string, seq: number, body: EventBody): StoredEvent {
    return StoredEvent.parse({ conversationId, seq, at: this.now(), body });
  }
}

/** True for an event the workspace's history marks: a settled action, or a message or reply of the person. */
function isMarked(body: EventBody): boolean {
  if (body.type === 'envelope') return body.envelope.status !== 'running';
  return body.type === 'user_message' || body.type === 'user_reply';
}

/** True when an event body records tokens spent (a model turn's, or a tool's own model requests'). */
function carriesUsage(body: EventBody): boolean {
  return (body.type === 'assistant_turn' || body.type === 'envelope') && Boolean(body.usage);
}

/** True for a failed add because the key exists (Dexie wraps it in a BulkError for bulkAdd). */
function isConstraintError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConstraintError') return true;
  const failures = (error as { failures?: unknown[] }).failures;
  return (
    error.name === 'BulkError' &&
    Array.isArray(failures) &&
    failures.some((failure) => failure instanceof Error && failure.name === 'ConstraintError')
  );
}

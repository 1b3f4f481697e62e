import Dexie from 'dexie';
import { Conversation } from '../protocol/conversation.ts';
import type { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/phase-plan.ts';
import { checkpointAt, ownConversation, type SettledState } from './conversation-rewind.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { holdForTest } from './test-hold.ts';
import {
  Checkpoint,
  type FileChange,
  historyTables,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from './workspace-history.ts';
import { changesSince } from './workspace-restore.ts';

/** Where a fork starts: the conversation, the step's event, and the new conversation's id. */
export type ForkRequest = { sourceId: string; seq: number; forkId: string };

/**
 * Forks a conversation at a step, in one transaction: a new conversation with the events
 * up to and including that step, the workspace as it was after it, and the history that
 * led there (changes, the bytes they replaced, checkpoints), so the fork's steps show
 * their changes and can be rewound or forked in turn. The original is only read.
 */
export class ConversationForks {
  constructor(
    private readonly database: SandpiperDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Makes the fork; `settle` gives its plan and status from the events it keeps. Returns its row. */
  async fork(request: ForkRequest, settle: (kept: StoredEvent[]) => SettledState): Promise<Conversation> {
    const { sourceId, seq, forkId } = request;
    const database = this.database;
    const tables = [
      ...new Set([
        database.conversations,
        database.events,
        database.plans,
        database.files,
        ...historyTables(database),
      ]),
    ];
    return database.transaction('rw', tables, async () => {
      const source = await ownConversation(database, sourceId, 'forked');
      const checkpoint = await checkpointAt(database, sourceId, seq);
      const now = this.now();
      const events = (await new EventRepository(database).upTo(sourceId, seq)).map((event) => ({
        ...event,
        conversationId: forkId,
      }));
      const { plan, status } = settle(events);
      const { scheduled: _scheduled, importedAt: _imported, ...kept } = source;
      const fork = Conversation.parse({
        ...kept,
        id: forkId,
        title: forkTitle(source.title),
        status,
        createdAt: now,
        updatedAt: now,
        forkedFrom: {
          conversationId: sourceId,
          seq,
          ...(checkpoint.uuid ? { uuid: checkpoint.uuid } : {}),
          title: source.title,
        },
      });
      await database.conversations.add(fork);
      await database.events.bulkAdd(events);
      if (plan) await database.plans.put(Plan.parse({ ...plan, conversationId: forkId }));
      await this.copyHistory(sourceId, forkId, seq, checkpoint.rev);
      await this.copyWorkspace(sourceId, forkId, checkpoint.rev);
      await holdForTest('fork');
      return fork;
    });
  }

  /**
   * The history up to `rev`: its changes (new revs, in order), the bytes they replaced,
   * and the checkpoints up to `seq`, each pointing at its change's new rev.
   */
  private async copyHistory(sourceId: string, forkId: string, seq: number, rev: number): Promise<void> {
    const database = this.database;
    const history = new WorkspaceHistory(database);
    const changes = await history.changesBetween(sourceId, 0, rev);
    const newRevs = await database.fileChanges.bulkAdd(
      changes.map(({ rev: _rev, ...change }) => ({ ...change, conversationId: forkId })),
      { allKeys: true },
    );
    const revMap = new Map<number, number>(
      changes.map((change, index) => [change.rev, Number(newRevs[index])]),
    );
    const checkpoints = (await history.checkpoints(sourceId)).filter((each) => each.seq <= seq);
    await database.checkpoints.bulkAdd(
      checkpoints.map((each) =>
        Checkpoint.parse({ ...each, conversationId: forkId, rev: mappedRev(each.rev, changes, revMap) }),
      ),
    );
    const hashes = [...new Set(changes.flatMap(replacedHash))];
    const blobs = await database.blobs.bulkGet(hashes.map((hash) => [sourceId, hash] as [string, string]));
    const missing = hashes.filter((_, index) => !blobs[index]);
    if (missing.length > 0)
      throw new Error(
        `The workspace history lacks the bytes of ${missing.length} version(s); nothing was forked.`,
      );
    await database.blobs.bulkAdd(blobs.map((blob) => ({ ...(blob as UnknownRow), conversationId: forkId })));
  }

  /** The workspace as it was at `rev`: today's rows, with every path changed since put back as it was. */
  private async copyWorkspace(sourceId: string, forkId: string, rev: number): Promise<void> {
    const database = this.database;
    const since = new Map(
      (await changesSince(database, sourceId, rev)).map((change) => [change.path, change]),
    );
    const versions = new WorkspaceAtCheckpoint(database);
    // One read of every row (a cursor row by row costs more), then the ones changed since left out.
    const rows: UnknownRow[] = (
      await database.files
        .where('[conversationId+path]')
        .between([sourceId, Dexie.minKey], [sourceId, Dexie.maxKey])
        .toArray()
    )
      .filter((row) => typeof row.path === 'string' && !since.has(row.path))
      .map((row) => ({ ...row, conversationId: forkId }));
    const now = this.now();
    for (const { path, before } of since.values()) {
      if (before === null) continue;
      const content = await versions.bytesOf(sourceId, path, before);
      rows.push({
        conversationId: forkId,
        path,
        kind: before.kind,
        content,
        size: content.byteLength,
        modifiedAt: now,
        // The bytes are the version the history names: its hash is theirs.
        ...(before.kind === 'file' ? { hash: before.hash } : {}),
      });
    }
    if (rows.length > 0) await database.files.bulkAdd(rows);
  }
}

/** A fork's title: its origin's, marked (once) as a fork, so the two tell apart in the list. */
function forkTitle(title: string): string {
  return title.endsWith(FORK_SUFFIX) ? title : `${title}${FORK_SUFFIX}`;
}

const FORK_SUFFIX = ' (fork)';

/** The hash of the bytes a change replaced (kept as a blob), if it replaced a file. */
function replacedHash(change: FileChange): string[] {
  return change.before?.kind === 'file' ? [change.before.hash] : [];
}

/** A checkpoint's rev in the fork: its change's new rev, or the newest copied change before it (0: none). */
function mappedRev(rev: number, changes: readonly FileChange[], revMap: ReadonlyMap<number, number>): number {
  const exact = revMap.get(rev);
  if (exact !== undefined) return exact;
  const before = changes.filter((change) => change.rev <= rev).at(-1);
  return before ? (revMap.get(before.rev) ?? 0) : 0;
}

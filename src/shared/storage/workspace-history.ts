import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import Dexie from 'dexie';
import { z } from 'zod';
import type { WorkspaceFile } from '../protocol/workspace.ts';
import { HistoryEntry } from '../protocol/workspace-change-rows.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';

/**
 * The history of every conversation's workspace, the ground for checkpoints: each time
 * the `files` table changes (whatever wrote it: a file tool, a shell command's sync, Python,
 * git, an upload), `WorkspaceRepository.apply` records, in the same transaction, one
 * `fileChanges` row per path whose entry changed (before → after), and keeps the bytes a
 * change replaced as a content-addressed blob (`blobs`, one per conversation and SHA-256,
 * so an unchanged or repeated content costs nothing). The current bytes stay in `files`;
 * every older version is some later change's `before`. The journal writes a `checkpoints`
 * row with each settled action: the last change of the workspace at that moment, so a
 * step's change set is the changes since the step before it.
 *
 * Hashing is synchronous (@noble/hashes' SHA-256): WebCrypto's is a promise, and awaiting
 * anything but IndexedDB inside a transaction would commit it early.
 */

/** One recorded change of one path (null: absent before, or deleted). */
export const FileChange = z.object({
  rev: z.number().int().positive(),
  conversationId: z.string().min(1),
  path: z.string().min(1),
  before: HistoryEntry.nullable(),
  after: HistoryEntry.nullable(),
});
export type FileChange = z.infer<typeof FileChange>;

/** A settled action's place in the workspace's history: the last change recorded when it settled. */
export const Checkpoint = z.object({
  conversationId: z.string().min(1),
  seq: z.number().int().nonnegative(),
  rev: z.number().int().nonnegative(),
  /** The settled action's uuid (absent: a message of the person). */
  uuid: z.string().min(1).optional(),
  /** The conversation whose workspace the step worked in (absent: its own; a sub-agent's: its parent's). */
  workspaceId: z.string().min(1).optional(),
});
export type Checkpoint = z.infer<typeof Checkpoint>;

/** The tables a transaction that changes a workspace must hold (Dexie nests `apply` in it). */
export function workspaceTables(database: SandpiperDatabase) {
  return [database.files, database.blobs, database.fileChanges];
}

/** The tables a conversation's workspace history lives in (deleted with it; a rewind's undo goes with it). */
export function historyTables(database: SandpiperDatabase) {
  return [database.blobs, database.fileChanges, database.checkpoints, database.rewinds];
}

/** The SHA-256 of `content`, in hex. */
export function contentHash(content: Uint8Array): string {
  return bytesToHex(sha256(content));
}

/** A `files` row's entry: its stored hash, or one computed (rows written before history have none). */
export function entryOf(row: UnknownRow | undefined): HistoryEntry | null {
  if (!row) return null;
  if (row.kind === 'directory') return { kind: 'directory' };
  const content = row.content instanceof Uint8Array ? row.content : new Uint8Array();
  const hash = typeof row.hash === 'string' ? row.hash : contentHash(content);
  return { kind: 'file', hash, size: content.byteLength };
}

/** Whether two entries are the same: both absent, both folders, or files of the same bytes. */
export function sameEntry(a: HistoryEntry | null, b: HistoryEntry | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'directory' || b.kind === 'directory') return a.kind === b.kind;
  return a.hash === b.hash;
}

/**
 * Inside `apply`'s transaction: records the changes `writes` and `deletes` make to the
 * `previous` rows (same order: the writes' paths, then the deletes), keeps each replaced
 * file's bytes as a blob, and returns the rows to put, each file with its hash.
 */
export async function recordWorkspaceChanges(
  database: SandpiperDatabase,
  conversationId: string,
  writes: readonly WorkspaceFile[],
  deletes: readonly string[],
  previous: readonly (UnknownRow | undefined)[],
): Promise<UnknownRow[]> {
  const rows: UnknownRow[] = writes.map((file) =>
    file.kind === 'file' ? { ...file, hash: contentHash(file.content) } : { ...file },
  );
  const changes: Omit<FileChange, 'rev'>[] = [];
  const replaced = new Map<string, Uint8Array>();
  const paths = [...writes.map((file) => file.path), ...deletes];
  paths.forEach((path, index) => {
    const before = entryOf(previous[index]);
    const after = index < rows.length ? entryOf(rows[index]) : null;
    if (sameEntry(before, after)) return;
    changes.push({ conversationId, path, before, after });
    const old = previous[index];
    if (before?.kind === 'file' && old?.content instanceof Uint8Array) replaced.set(before.hash, old.content);
  });
  if (replaced.size > 0) {
    const keys = [...replaced.keys()].map((hash) => [conversationId, hash] as [string, string]);
    // Which are kept already, by key alone: reading the blobs would load their bytes.
    const kept = new Set(
      (await database.blobs.where(':id').anyOf(keys).primaryKeys()).map(([, hash]) => hash),
    );
    const missing = keys.filter(([, hash]) => !kept.has(hash));
    if (missing.length > 0)
      await database.blobs.bulkPut(
        missing.map(([, hash]) => ({ conversationId, hash, content: replaced.get(hash) })),
      );
  }
  if (changes.length > 0) await database.fileChanges.bulkAdd(changes);
  return rows;
}

/** Reads the workspace history: checkpoints, and the changes between them. */
export class WorkspaceHistory {
  constructor(private readonly database: SandpiperDatabase) {}

  /** The last change recorded for a conversation (0: none yet). */
  async latestRev(conversationId: string): Promise<number> {
    const last = await this.database.fileChanges
      .where('[conversationId+rev]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .last();
    return typeof last?.rev === 'number' ? last.rev : 0;
  }

  /** Records, inside the journal's transaction, that the action at `seq` settled now. */
  checkpoint(
    conversationId: string,
    seq: number,
    mark: { uuid?: string; workspaceId?: string } = {},
  ): Promise<void> {
    const { uuid, workspaceId } = mark;
    return this.checkpointAll(conversationId, [{ seq, ...(uuid ? { uuid } : {}) }], workspaceId);
  }

  /**
   * Records, inside the journal's transaction, that the actions (or messages) at `marks`
   * settled now, in `workspaceId`'s history (a sub-agent's marks point at its parent's):
   * one read of the history's end for all of them.
   */
  async checkpointAll(
    conversationId: string,
    marks: readonly { seq: number; uuid?: string }[],
    workspaceId = conversationId,
  ): Promise<void> {
    if (marks.length === 0) return;
    const rev = await this.latestRev(workspaceId);
    const inOther = workspaceId !== conversationId ? { workspaceId } : {};
    await this.database.checkpoints.bulkPut(
      marks.map(({ seq, uuid }) =>
        Checkpoint.parse({ conversationId, seq, rev, ...(uuid ? { uuid } : {}), ...inOther }),
      ),
    );
  }

  /** Every checkpoint of a conversation, in step order (rows that fail the schema are skipped). */
  async checkpoints(conversationId: string): Promise<Checkpoint[]> {
    const rows = await this.database.checkpoints
      .where('[conversationId+seq]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .toArray();
    return rows.flatMap((row) => {
      const parsed = Checkpoint.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** The changes recorded after `fromRev` up to and including `toRev`, oldest first. */
  async changesBetween(conversationId: string, fromRev: number, toRev: number): Promise<FileChange[]> {
    if (toRev <= fromRev) return [];
    const rows = await this.database.fileChanges
      .where('[conversationId+rev]')
      .between([conversationId, fromRev], [conversationId, toRev], false, true)
      .toArray();
    return rows.map((row) => FileChange.parse(row));
  }

  /**
   * What the action at `step` (its event's seq, or its uuid) changed in the workspace: the changes since the checkpoint
   * before it, folded to one per path (its state before the step and after it; paths the
   * step changed and put back are left out). Empty when `seq` has no checkpoint.
   */
  async stepChanges(conversationId: string, step: number | { uuid: string }): Promise<FileChange[]> {
    const all = await this.checkpoints(conversationId);
    const range = stepRange(all, step);
    if (!range) return [];
    // The changes of the workspace the step worked in (a sub-agent's: its parent's).
    const changes: FileChange[] = [];
    for (const { fromRev, toRev } of range.spans)
      changes.push(...(await this.changesBetween(range.workspaceId, fromRev, toRev)));
    return foldChanges(changes);
  }
}

/**
 * Where a step's changes lie in its workspace's history: the stretch before each of its
 * marks (an action that asked is marked when it asks and again when answered; what the
 * person did between, a reply's uploads, is not its), or null when it has none.
 */
export function stepRange(
  checkpoints: readonly Checkpoint[],
  step: number | { uuid: string },
): { workspaceId: string; spans: { fromRev: number; toRev: number }[] } | null {
  const spans: { fromRev: number; toRev: number }[] = [];
  let workspaceId: string | null = null;
  checkpoints.forEach((checkpoint, index) => {
    const isStep = typeof step === 'number' ? checkpoint.seq === step : checkpoint.uuid === step.uuid;
    if (!isStep) return;
    spans.push({ fromRev: index > 0 ? (checkpoints[index - 1]?.rev ?? 0) : 0, toRev: checkpoint.rev });
    workspaceId = checkpoint.workspaceId ?? checkpoint.conversationId;
  });
  return workspaceId === null ? null : { workspaceId, spans };
}

/** A path's entry at some point of the history, with its bytes when it is a file. */
export type HistoricEntry = { path: string; entry: HistoryEntry; content: Uint8Array };

/**
 * Reads the workspace as it was at a checkpoint: today's files with every later change
 * undone, newest first (each change's `before`), the bytes from today's row when its hash
 * matches, else from the blob the change kept. What rewind and fork restore.
 */
export class WorkspaceAtCheckpoint {
  constructor(private readonly database: SandpiperDatabase) {}

  /** Every entry, in path order, after the action or message at `seq`; null when `seq` has no checkpoint. */
  async entries(conversationId: string, seq: number): Promise<HistoricEntry[] | null> {
    const history = new WorkspaceHistory(this.database);
    const checkpoint = (await history.checkpoints(conversationId)).find((each) => each.seq === seq);
    if (!checkpoint) return null;
    // A sub-agent's steps are read in its parent's workspace, where they worked.
    const workspaceId = checkpoint.workspaceId ?? conversationId;
    const current = await this.database.files
      .where('[conversationId+path]')
      .between([workspaceId, Dexie.minKey], [workspaceId, Dexie.maxKey])
      .toArray();
    const state = new Map<string, HistoryEntry | null>();
    const rowsByPath = new Map<string, UnknownRow>();
    for (const row of current) {
      if (typeof row.path !== 'string') continue;
      rowsByPath.set(row.path, row);
      state.set(row.path, entryOf(row));
    }
    const later = await history.changesBetween(workspaceId, checkpoint.rev, Number.MAX_SAFE_INTEGER);
    for (const change of later.reverse()) state.set(change.path, change.before);
    const entries: HistoricEntry[] = [];
    for (const [path, entry] of [...state].sort(([a], [b]) => a.localeCompare(b))) {
      if (!entry) continue;
      entries.push({
        path,
        entry,
        content: await this.contentOf(workspaceId, entry, rowsByPath.get(path)),
      });
    }
    return entries;
  }

  /**
   * The bytes `entry` held at `path` of the workspace `workspaceId` (from today's row when
   * its hash matches, else the kept blob).
   */
  async bytesOf(workspaceId: string, path: string, entry: HistoryEntry): Promise<Uint8Array> {
    return this.contentOf(workspaceId, entry, await this.database.files.get([workspaceId, path]));
  }

  private async contentOf(
    conversationId: string,
    entry: HistoryEntry,
    row: UnknownRow | undefined,
  ): Promise<Uint8Array> {
    if (entry.kind === 'directory') return new Uint8Array();
    const today = entryOf(row);
    if (row?.content instanceof Uint8Array && today?.kind === 'file' && today.hash === entry.hash)
      return row.content;
    const blob = await this.database.blobs.get([conversationId, entry.hash]);
    if (!(blob?.content instanceof Uint8Array))
      throw new Error(`The workspace history lacks the bytes of a version (${entry.hash.slice(0, 12)}…).`);
    return blob.content;
  }
}

/** One change per path: the first one's `before` and the last one's `after`, in path order. */
export function foldChanges(changes: readonly FileChange[]): FileChange[] {
  const byPath = new Map<string, FileChange>();
  for (const change of changes) {
    const first = byPath.get(change.path);
    byPath.set(change.path, first ? { ...change, before: first.before } : change);
  }
  return [...byPath.values()]
    .filter((change) => !sameEntry(change.before, change.after))
    .sort((a, b) => a.path.localeCompare(b.path));
}

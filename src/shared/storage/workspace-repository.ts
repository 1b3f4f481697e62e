import Dexie from 'dexie';
import { WorkspaceFile } from '../protocol/workspace.ts';
import type { HistoryEntry } from '../protocol/workspace-change-rows.ts';
import type { SandpiperDatabase } from './db.ts';
import { holdForTest } from './test-hold.ts';
import { entryOf, recordWorkspaceChanges, workspaceTables } from './workspace-history.ts';

/** A set of workspace changes applied together. */
export type WorkspaceChanges = { writes: WorkspaceFile[]; deletes: string[] };

/** A write refused because the workspace would outgrow its limit; nothing was written. */
export class WorkspaceFullError extends Error {
  constructor(
    readonly usedBytes: number,
    readonly limitBytes: number,
  ) {
    super(
      `The workspace would hold ${formatBytes(usedBytes)}, over its limit of ${formatBytes(limitBytes)}. Delete files or raise the limit in Settings; nothing was written.`,
    );
    this.name = 'WorkspaceFullError';
  }
}

/**
 * The persisted workspaces (`files` table). Changes are applied in one transaction,
 * after checking the size limit, so a refused or failed write leaves the old files whole.
 */
export class WorkspaceRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** Every entry of a conversation's workspace, validated, in path order. */
  async list(conversationId: string): Promise<WorkspaceFile[]> {
    return (await this.rows(conversationId)).map((row) => WorkspaceFile.parse(row));
  }

  /**
   * Every entry, in path order, with what the workspace's history calls it: a file's
   * stored SHA-256 (computed for rows written before the history) and size, or a folder.
   */
  async listWithEntries(conversationId: string): Promise<{ file: WorkspaceFile; entry: HistoryEntry }[]> {
    return (await this.rows(conversationId)).flatMap((row) => {
      const entry = entryOf(row);
      return entry ? [{ file: WorkspaceFile.parse(row), entry }] : [];
    });
  }

  private rows(conversationId: string) {
    return this.database.files
      .where('[conversationId+path]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .toArray();
  }

  /** Every path of a conversation's workspace, without reading any content. */
  async paths(conversationId: string): Promise<string[]> {
    const keys = await this.database.files
      .where('[conversationId+path]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .primaryKeys();
    return keys.map((key) => key[1]);
  }

  async read(conversationId: string, path: string): Promise<WorkspaceFile | null> {
    const row = await this.database.files.get([conversationId, path]);
    return row ? WorkspaceFile.parse(row) : null;
  }

  /** Total bytes of a conversation's files. */
  async usedBytes(conversationId: string): Promise<number> {
    let total = 0;
    await this.database.files
      .where('conversationId')
      .equals(conversationId)
      .each((row) => {
        total += typeof row.size === 'number' ? row.size : 0;
      });
    return total;
  }

  /**
   * Applies writes and deletes atomically; throws `WorkspaceFullError` past `limitBytes`
   * (`null`: no limit, and no reading of every file's size, for a restore of a state the
   * workspace held before).
   */
  async apply(conversationId: string, changes: WorkspaceChanges, limitBytes: number | null): Promise<void> {
    const writes = changes.writes.map((file) => WorkspaceFile.parse(file));
    if (writes.some((file) => file.conversationId !== conversationId)) {
      throw new Error('A workspace change names another conversation.');
    }
    const database = this.database;
    await database.transaction('rw', workspaceTables(database), async () => {
      const touched = [...writes.map((file) => file.path), ...changes.deletes];
      const previous = await database.files.bulkGet(
        touched.map((path) => [conversationId, path] as [string, string]),
      );
      const released = previous.reduce<number>(
        (sum, row) => sum + (row && typeof row.size === 'number' ? row.size : 0),
        0,
      );
      const added = writes.reduce((sum, file) => sum + file.size, 0);
      if (limitBytes !== null) {
        const used = (await this.usedBytes(conversationId)) - released + added;
        if (used > limitBytes) throw new WorkspaceFullError(used, limitBytes);
      }
      if (changes.deletes.length > 0) {
        await database.files.bulkDelete(
          changes.deletes.map((path) => [conversationId, path] as [string, string]),
        );
      }
      // Recorded with the change itself: the history never misses a write, nor holds one that failed.
      const rows = await recordWorkspaceChanges(database, conversationId, writes, changes.deletes, previous);
      if (rows.length > 0) await database.files.bulkPut(rows);
      await holdForTest('workspace-save');
    });
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

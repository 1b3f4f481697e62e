import Dexie from 'dexie';
import { orFromBackupCopy } from '@/shared/protocol/storage-full.ts';
import { WorkspaceFile } from '@/shared/protocol/workspace.ts';
import type { SandpiperDatabase } from '@/shared/storage/db.ts';
import { WorkspaceRepository } from '@/shared/storage/workspace-repository.ts';
import type { WorkspaceEntry } from './file-tree.ts';

const EntryFields = WorkspaceFile.pick({ path: true, kind: true, size: true, modifiedAt: true });

/** A conversation's backup copy (read by the worker), for while the database cannot be opened. */
export type BackupCopyFiles = {
  entries(conversationId: string): Promise<WorkspaceEntry[] | null>;
  file(conversationId: string, path: string): Promise<WorkspaceFile | null>;
};

/**
 * Reads a conversation's persisted workspace on the main thread. The agent worker is the
 * only writer of the `files` table; this only reads it. When the database itself fails (it
 * cannot be opened: a full disk), the files come from the conversation's backup copy, as
 * they were when it was copied; with no copy, the database's error stands.
 */
export class WorkspaceReader {
  private readonly repository: WorkspaceRepository;

  constructor(
    private readonly database: SandpiperDatabase,
    private readonly backupCopy?: BackupCopyFiles,
  ) {
    this.repository = new WorkspaceRepository(database);
  }

  /** `read()`'s answer, or the backup copy's when the database failed and there is a copy. */
  private orFromCopy<T>(read: () => Promise<T>, fromCopy: (copy: BackupCopyFiles) => Promise<T | null>) {
    const copy = this.backupCopy;
    return copy ? orFromBackupCopy(read, () => fromCopy(copy)) : read();
  }

  /**
   * Every entry's path, kind, size and time, in path order, without keeping the bytes
   * (rows are visited one at a time, so a large workspace is never held in memory).
   * Rows that fail validation are skipped.
   */
  listEntries(conversationId: string): Promise<WorkspaceEntry[]> {
    return this.orFromCopy(
      () => this.listStoredEntries(conversationId),
      (copy) => copy.entries(conversationId),
    );
  }

  private async listStoredEntries(conversationId: string): Promise<WorkspaceEntry[]> {
    const entries: WorkspaceEntry[] = [];
    await this.database.files
      .where('[conversationId+path]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .each((row) => {
        const parsed = EntryFields.safeParse(row);
        if (parsed.success) entries.push(parsed.data);
      });
    return entries;
  }

  /**
   * The entries under `folder` (a workspace path, no trailing slash), in path order: a
   * range of the path index, so the rest of the workspace is never read.
   */
  listEntriesUnder(conversationId: string, folder: string): Promise<WorkspaceEntry[]> {
    return this.orFromCopy(
      () => this.listStoredEntriesUnder(conversationId, folder),
      async (copy) =>
        (await copy.entries(conversationId))?.filter((entry) => entry.path.startsWith(`${folder}/`)) ?? null,
    );
  }

  private async listStoredEntriesUnder(conversationId: string, folder: string): Promise<WorkspaceEntry[]> {
    const entries: WorkspaceEntry[] = [];
    await this.database.files
      .where('[conversationId+path]')
      .between([conversationId, `${folder}/`], [conversationId, `${folder}/\uffff`])
      .each((row) => {
        const parsed = EntryFields.safeParse(row);
        if (parsed.success) entries.push(parsed.data);
      });
    return entries;
  }

  /** One file with its bytes (the workspace's current version), or null if it is not there. */
  readFile(conversationId: string, path: string): Promise<WorkspaceFile | null> {
    return this.orFromCopy(
      () => this.repository.read(conversationId, path),
      (copy) => copy.file(conversationId, path),
    );
  }

  /** Every entry with its bytes (for an archive of the whole workspace). */
  readAll(conversationId: string): Promise<WorkspaceFile[]> {
    return this.orFromCopy(
      () => this.repository.list(conversationId),
      async (copy) => {
        const entries = await copy.entries(conversationId);
        if (!entries) return null;
        const files = await Promise.all(entries.map((entry) => copy.file(conversationId, entry.path)));
        return files.filter((file): file is WorkspaceFile => file !== null);
      },
    );
  }
}

import Dexie from 'dexie';
import { WorkspaceFile } from '../../protocol/workspace.ts';
import type { SandpiperDatabase } from '../../storage/db.ts';
import { WorkspaceRepository } from '../../storage/workspace-repository.ts';
import type { WorkspaceEntry } from './file-tree.ts';

const EntryFields = WorkspaceFile.pick({ path: true, kind: true, size: true, modifiedAt: true });

/**
 * Reads a conversation's persisted workspace on the main thread. The agent worker is the
 * only writer of the `files` table; this only reads it.
 */
export class WorkspaceReader {
  private readonly repository: WorkspaceRepository;

  constructor(private readonly database: SandpiperDatabase) {
    this.repository = new WorkspaceRepository(database);
  }

  /**
   * Every entry's path, kind, size and time, in path order, without keeping the bytes
   * (rows are visited one at a time, so a large workspace is never held in memory).
   * Rows that fail validation are skipped.
   */
  async listEntries(conversationId: string): Promise<WorkspaceEntry[]> {
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
  async listEntriesUnder(conversationId: string, folder: string): Promise<WorkspaceEntry[]> {
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
    return this.repository.read(conversationId, path);
  }

  /** Every entry with its bytes (for an archive of the whole workspace). */
  readAll(conversationId: string): Promise<WorkspaceFile[]> {
    return this.repository.list(conversationId);
  }
}

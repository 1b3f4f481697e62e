import type { ConversationUsage } from '../protocol/worker-api.ts';
import type { SandpiperDatabase } from './db.ts';
import { historyTables } from './workspace-history.ts';

/**
 * Measures storage per conversation for the Storage settings. History size is the JSON
 * length of its events and plan (close to what IndexedDB stores, not exact); workspace
 * size is the sum of its files; checkpoint size is what its workspace's history keeps (the
 * bytes changes replaced, exact, and the change and checkpoint rows as JSON), which pruning
 * shrinks and clearing the workspace frees.
 */
export class UsageRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  async byConversation(): Promise<ConversationUsage[]> {
    const usage = new Map<string, ConversationUsage>();
    const entry = (conversationId: string) => {
      let found = usage.get(conversationId);
      if (!found) {
        found = {
          conversationId,
          historyBytes: 0,
          workspaceBytes: 0,
          checkpointBytes: 0,
          checkpoints: 0,
          stepCheckpoints: 0,
        };
        usage.set(conversationId, found);
      }
      return found;
    };
    const database = this.database;
    await database.transaction(
      'r',
      [database.conversations, database.events, database.plans, database.files, ...historyTables(database)],
      async () => {
        await database.conversations.each((row) => {
          if (typeof row.id === 'string') entry(row.id).historyBytes += JSON.stringify(row).length;
        });
        await database.events.each((row) => {
          if (typeof row.conversationId === 'string')
            entry(row.conversationId).historyBytes += JSON.stringify(row).length;
        });
        await database.plans.each((row) => {
          if (typeof row.conversationId === 'string')
            entry(row.conversationId).historyBytes += JSON.stringify(row).length;
        });
        await database.files.each((row) => {
          if (typeof row.conversationId === 'string' && typeof row.size === 'number')
            entry(row.conversationId).workspaceBytes += row.size;
        });
        await database.blobs.each((row) => {
          if (typeof row.conversationId === 'string' && row.content instanceof Uint8Array)
            entry(row.conversationId).checkpointBytes += row.content.byteLength;
        });
        await database.fileChanges.each((row) => {
          if (typeof row.conversationId === 'string')
            entry(row.conversationId).checkpointBytes += JSON.stringify(row).length;
        });
        await database.checkpoints.each((row) => {
          if (typeof row.conversationId !== 'string') return;
          const own = entry(row.conversationId);
          own.checkpointBytes += JSON.stringify(row).length;
          own.checkpoints += 1;
          // A step's checkpoint is pruned with the workspace it points into (a sub-agent's: its parent's).
          const workspaceId = typeof row.workspaceId === 'string' ? row.workspaceId : row.conversationId;
          const workspace = usage.get(workspaceId);
          if (typeof row.uuid === 'string' && workspace) workspace.stepCheckpoints += 1;
        });
      },
    );
    const total = (each: ConversationUsage) => each.historyBytes + each.workspaceBytes + each.checkpointBytes;
    return [...usage.values()].sort((a, b) => total(b) - total(a));
  }

  /** Deletes a conversation's workspace files, their history and what its previews kept (its events stay). */
  async clearWorkspace(conversationId: string): Promise<void> {
    const database = this.database;
    const tables = [database.files, database.previewStorage, ...historyTables(database)];
    await database.transaction('rw', tables, async () => {
      await database.files.where('conversationId').equals(conversationId).delete();
      // A cleared workspace keeps no history either: clearing is how its space is won back.
      for (const table of historyTables(database))
        await table.where('conversationId').equals(conversationId).delete();
      await database.previewStorage.where('conversationId').equals(conversationId).delete();
    });
  }
}

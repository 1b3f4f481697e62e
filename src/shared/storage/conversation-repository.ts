import { Conversation } from '../protocol/conversation.ts';
import type { McpToolSpec } from '../protocol/mcp.ts';
import type { SandpiperDatabase } from './db.ts';
import { historyTables } from './workspace-history.ts';

/** Reads and writes `conversations`; every row read back is validated. */
export class ConversationRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  async get(id: string): Promise<Conversation | null> {
    const row = await this.database.conversations.get(id);
    return row ? Conversation.parse(row) : null;
  }

  /** All conversations, most recently updated first. Rows that fail validation are skipped. */
  async list(): Promise<Conversation[]> {
    const rows = await this.database.conversations.orderBy('updatedAt').reverse().toArray();
    return rows.flatMap((row) => {
      const parsed = Conversation.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Records the tool-description form chosen at a conversation's first run (it never changes after). */
  async setToolDescriptions(id: string, form: 'full' | 'compact'): Promise<void> {
    await this.database.conversations.update(id, { toolDescriptions: form });
  }

  /** Records the MCP tools a conversation started with (they never change after). */
  async setMcpTools(id: string, tools: McpToolSpec[]): Promise<void> {
    await this.database.conversations.update(id, { mcpTools: tools });
  }

  async put(conversation: Conversation): Promise<void> {
    await this.database.conversations.put(Conversation.parse(conversation));
  }

  /** Deletes a conversation with its events, plan, workspace files and previews' storage, all or nothing. */
  async delete(id: string): Promise<void> {
    const database = this.database;
    const tables = [
      database.conversations,
      database.events,
      database.plans,
      database.files,
      database.previewStorage,
      database.memories,
      ...historyTables(database),
    ];
    await database.transaction('rw', tables, async () => {
      for (const table of historyTables(database)) await table.where('conversationId').equals(id).delete();
      await database.events.where('conversationId').equals(id).delete();
      await database.files.where('conversationId').equals(id).delete();
      await database.previewStorage.where('conversationId').equals(id).delete();
      // Its memory proposals that wait for an answer: nothing would show them any more.
      await database.memories
        .filter(
          (row) =>
            row.state === 'proposed' && (row.source as { conversationId?: unknown })?.conversationId === id,
        )
        .delete();
      await database.plans.delete(id);
      await database.conversations.delete(id);
    });
  }
}

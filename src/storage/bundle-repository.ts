import { type BundleContents, BundleError } from '../bundle/bundle-format.ts';
import type { Conversation } from '../protocol/conversation.ts';
import { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/plan.ts';
import { WorkspaceFile } from '../protocol/workspace.ts';
import { ConversationRepository } from './conversation-repository.ts';
import type { SandpiperDatabase } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { PlanRepository } from './plan-repository.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

/**
 * Reads one conversation whole for export, and writes an imported one as a new
 * conversation. Only that conversation's rows are read; settings never are.
 */
export class BundleRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** The conversation with its events, plan and workspace, read in one transaction. */
  async read(conversationId: string): Promise<BundleContents | null> {
    const database = this.database;
    const tables = [database.conversations, database.events, database.plans, database.files];
    return database.transaction('r', tables, async () => {
      const conversation = await new ConversationRepository(database).get(conversationId);
      if (!conversation) return null;
      const [events, plan, files] = await Promise.all([
        new EventRepository(database).list(conversationId),
        new PlanRepository(database).get(conversationId),
        new WorkspaceRepository(database).list(conversationId),
      ]);
      return {
        conversation,
        events,
        plan,
        schedules: [],
        files: files.map(({ path, kind, size, modifiedAt, content }) => ({
          path,
          kind,
          size,
          modifiedAt,
          content,
        })),
      };
    });
  }

  /**
   * Writes `contents` as a new conversation `newId`, all or nothing; existing
   * conversations are never touched. A run cannot be in progress in an import, so a
   * running status becomes idle. Refused when the workspace is over `workspaceLimitBytes`.
   */
  async importAsNew(
    contents: BundleContents,
    newId: string,
    now: number,
    workspaceLimitBytes: number,
  ): Promise<Conversation> {
    const workspaceBytes = contents.files.reduce((total, file) => total + file.size, 0);
    if (workspaceBytes > workspaceLimitBytes) {
      throw new BundleError(
        `This bundle's workspace holds ${(workspaceBytes / 1024 / 1024).toFixed(1)} MB, over this app's workspace limit of ${(workspaceLimitBytes / 1024 / 1024).toFixed(1)} MB (Settings → Workspace size limit).`,
      );
    }
    const status = contents.conversation.status === 'running' ? 'idle' : contents.conversation.status;
    const conversation: Conversation = { ...contents.conversation, id: newId, status, updatedAt: now };
    const events = contents.events.map((event) => StoredEvent.parse({ ...event, conversationId: newId }));
    const plan = contents.plan ? Plan.parse({ ...contents.plan, conversationId: newId }) : null;
    const files = contents.files.map((file) => WorkspaceFile.parse({ ...file, conversationId: newId }));
    const database = this.database;
    const tables = [database.conversations, database.events, database.plans, database.files];
    await database.transaction('rw', tables, async () => {
      if (await database.conversations.get(newId)) throw new Error(`A conversation ${newId} already exists.`);
      await database.conversations.add(conversation);
      if (events.length > 0) await database.events.bulkAdd(events);
      if (plan) await database.plans.add(plan);
      if (files.length > 0) await database.files.bulkAdd(files);
    });
    return conversation;
  }
}

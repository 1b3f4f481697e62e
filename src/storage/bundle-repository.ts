import { type BundleContents, BundleError } from '../bundle/bundle-format.ts';
import type { Conversation } from '../protocol/conversation.ts';
import { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/phase-plan.ts';
import { PREVIEW_AREA_LIMITS } from '../protocol/preview-messages.ts';
import { PreviewStorageRow } from '../protocol/preview-storage.ts';
import { Schedule } from '../protocol/schedules.ts';
import { WorkspaceFile } from '../protocol/workspace.ts';
import { ConversationRepository } from './conversation-repository.ts';
import type { SandpiperDatabase } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { PlanRepository } from './plan-repository.ts';
import { PreviewStorageRepository } from './preview-storage-repository.ts';
import { ScheduleRepository } from './schedule-repository.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

/** Most characters of an imported conversation's title kept (titles made here are at most 80). */
const IMPORTED_TITLE_CHARS = 200;

/**
 * Reads one conversation whole for export, and writes an imported one as a new
 * conversation. Only that conversation's rows are read; settings never are.
 */
export class BundleRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /** The conversation with its events, plan and workspace, read in one transaction. */
  async read(conversationId: string): Promise<BundleContents | null> {
    const database = this.database;
    const tables = [
      database.conversations,
      database.events,
      database.plans,
      database.files,
      database.schedules,
      database.previewStorage,
    ];
    return database.transaction('r', tables, async () => {
      const conversation = await new ConversationRepository(database).get(conversationId);
      if (!conversation) return null;
      const [events, plan, files, schedules, previewStorage] = await Promise.all([
        new EventRepository(database).list(conversationId),
        new PlanRepository(database).get(conversationId),
        new WorkspaceRepository(database).list(conversationId),
        new ScheduleRepository(database).list(),
        new PreviewStorageRepository(database).lasting(conversationId),
      ]);
      return {
        conversation,
        events,
        plan,
        // The schedules this conversation made; their runs' conversations are not part of it.
        schedules: schedules.filter((schedule) => schedule.originConversationId === conversationId),
        files: files.map(({ path, kind, size, modifiedAt, content }) => ({
          path,
          kind,
          size,
          modifiedAt,
          content,
        })),
        previewStorage: previewStorage.map(({ site, area, data, updatedAt }) => ({
          site,
          area,
          data,
          updatedAt,
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
    /** New ids for the bundle's schedules, and the provider they run with here (this browser's active one). */
    scheduling: { newId: () => string; providerId: string | null } = {
      newId: () => crypto.randomUUID(),
      providerId: null,
    },
  ): Promise<Conversation> {
    const workspaceBytes = contents.files.reduce((total, file) => total + file.size, 0);
    if (workspaceBytes > workspaceLimitBytes) {
      throw new BundleError(
        `This bundle's workspace holds ${(workspaceBytes / 1024 / 1024).toFixed(1)} MB, over this app's workspace limit of ${(workspaceLimitBytes / 1024 / 1024).toFixed(1)} MB (Settings → Workspace size limit).`,
      );
    }
    const status = contents.conversation.status === 'running' ? 'idle' : contents.conversation.status;
    // A title is one line of a sidebar: one of megabytes (a hostile or odd bundle) would be laid out whole there.
    const title = contents.conversation.title.slice(0, IMPORTED_TITLE_CHARS);
    const conversation: Conversation = { ...contents.conversation, id: newId, title, status, updatedAt: now };
    const events = contents.events.map((event) => StoredEvent.parse({ ...event, conversationId: newId }));
    const plan = contents.plan ? Plan.parse({ ...contents.plan, conversationId: newId }) : null;
    const files = contents.files.map((file) => WorkspaceFile.parse({ ...file, conversationId: newId }));
    const schedules = importedSchedules(contents.schedules, newId, now, scheduling);
    const previewStorage = contents.previewStorage
      .filter((row) => row.area !== 'session' && row.data.length <= PREVIEW_AREA_LIMITS[row.area])
      .map((row) => PreviewStorageRow.parse({ ...row, conversationId: newId }));
    const database = this.database;
    const tables = [
      database.conversations,
      database.events,
      database.plans,
      database.files,
      database.schedules,
      database.previewStorage,
    ];
    try {
      await database.transaction('rw', tables, async () => {
        if (await database.conversations.get(newId))
          throw new BundleError(`A conversation ${newId} already exists; nothing was imported.`);
        await database.conversations.add(conversation);
        if (events.length > 0) await database.events.bulkAdd(events);
        if (plan) await database.plans.add(plan);
        if (files.length > 0) await database.files.bulkAdd(files);
        if (schedules.length > 0) await database.schedules.bulkAdd(schedules);
        if (previewStorage.length > 0) await database.previewStorage.bulkPut(previewStorage);
      });
    } catch (error) {
      if (error instanceof BundleError) throw error;
      // The transaction rolled back: say so in words, whatever the storage's own message.
      const reason =
        error instanceof Error && error.name === 'QuotaExceededError'
          ? 'the browser storage is full'
          : `${error instanceof Error ? error.message : error}`;
      throw new BundleError(`This bundle could not be saved (${reason}); nothing of it was kept.`);
    }
    return conversation;
  }
}

/**
 * A bundle's schedules as this browser keeps them: each checked (a malformed one refuses
 * the whole bundle, with the reason), given a new id, tied to the imported conversation
 * and this browser's provider, and paused, with no runs: an imported schedule never
 * fires until the person resumes it.
 */
function importedSchedules(
  rows: readonly Record<string, unknown>[],
  conversationId: string,
  now: number,
  scheduling: { newId: () => string; providerId: string | null },
): Schedule[] {
  return rows.map((row, index) => {
    const parsed = Schedule.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BundleError(
        `Schedule ${index + 1} of this bundle is not valid (${issue?.path.join('.') || 'row'}: ${issue?.message.replace(/^Invalid input: /, '') ?? 'malformed'}).`,
      );
    }
    return {
      ...parsed.data,
      id: scheduling.newId(),
      originConversationId: conversationId,
      providerId: scheduling.providerId,
      paused: true,
      lastRun: null,
      missed: [],
      missedCount: 0,
      updatedAt: now,
    };
  });
}

import { type BundleContents, BundleError } from '../bundle/bundle-format.ts';
import type { Conversation } from '../protocol/conversation.ts';
import { StoredEvent } from '../protocol/events.ts';
import { Plan } from '../protocol/phase-plan.ts';
import { PREVIEW_AREA_LIMITS } from '../protocol/preview-messages.ts';
import { PreviewStorageRow } from '../protocol/preview-storage.ts';
import { Schedule } from '../protocol/schedules.ts';
import { WorkspaceFile } from '../protocol/workspace.ts';
import { readBundleHistory, writeBundleHistory } from './bundle-history.ts';
import {
  checkBundleHistory,
  checkHistoryConsistency,
  type WorkspaceEntries,
  workspaceEntriesOf,
} from './bundle-history-checks.ts';
import { ConversationRepository } from './conversation-repository.ts';
import type { SandpiperDatabase } from './db.ts';
import { EventRepository } from './event-repository.ts';
import { PlanRepository } from './plan-repository.ts';
import { PreviewStorageRepository } from './preview-storage-repository.ts';
import { ScheduleRepository } from './schedule-repository.ts';
import { holdForTest } from './test-hold.ts';
import { historyTables } from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

/** Most characters of an imported conversation's title kept (titles made here are at most 80). */
const IMPORTED_TITLE_CHARS = 200;

/**
 * Reads one conversation whole for export, and writes an imported one as a new
 * conversation. Only that conversation's rows are read; settings never are.
 */
export class BundleRepository {
  constructor(private readonly database: SandpiperDatabase) {}

  /**
   * The conversation with its events, plan, workspace and the workspace's history, read
   * in one transaction. A history that does not add up (it never should) is left out
   * rather than make a bundle no Sandpiper would import.
   */
  async read(conversationId: string): Promise<BundleContents | null> {
    const database = this.database;
    const tables = [
      database.conversations,
      database.events,
      database.plans,
      database.files,
      database.schedules,
      database.previewStorage,
      ...historyTables(database),
    ];
    return database.transaction('r', tables, async () => {
      const conversation = await new ConversationRepository(database).get(conversationId);
      if (!conversation) return null;
      const [events, plan, listed, schedules, previewStorage] = await Promise.all([
        new EventRepository(database).list(conversationId),
        new PlanRepository(database).get(conversationId),
        new WorkspaceRepository(database).listWithEntries(conversationId),
        new ScheduleRepository(database).list(),
        new PreviewStorageRepository(database).lasting(conversationId),
      ]);
      const workspace: WorkspaceEntries = new Map(listed.map(({ file, entry }) => [file.path, entry]));
      const hashes = new Set(listed.flatMap(({ entry }) => (entry.kind === 'file' ? [entry.hash] : [])));
      const history = await readBundleHistory(database, conversationId, hashes);
      const files = listed.map(({ file }) => file);
      const contents: BundleContents = {
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
      if (history && isConsistent({ ...contents, history }, workspace)) contents.history = history;
      return contents;
    });
  }

  /**
   * Writes `contents` as a new conversation `newId`, all or nothing; existing
   * conversations are never touched. A run cannot be in progress in an import, so a
   * running status becomes idle. Refused when the workspace is over `workspaceLimitBytes`
   * or its history does not add up (`checkBundleHistory`), before anything is written.
   * Each file is stored with its hash, so the history goes on from the imported one.
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
    // A fork's origin and a project name a conversation or project of the browser it came from,
    // never one here; what it started with (skills, project, memories) was another person's:
    // never this browser's system prompt, nor a way to mount this browser's skills of those names.
    const {
      forkedFrom: _origin,
      projectId: _project,
      startContext: _start,
      ...imported
    } = contents.conversation;
    const conversation: Conversation = { ...imported, id: newId, title, status, updatedAt: now };
    const events = contents.events.map((event) => StoredEvent.parse({ ...event, conversationId: newId }));
    const plan = contents.plan ? Plan.parse({ ...contents.plan, conversationId: newId }) : null;
    const workspace = workspaceEntriesOf(contents.files);
    checkBundleHistory(contents, workspace);
    const files = contents.files.map((file) => {
      const row = WorkspaceFile.parse({ ...file, conversationId: newId });
      const entry = workspace.get(file.path);
      return entry?.kind === 'file' ? { ...row, hash: entry.hash } : row;
    });
    const bytesByHash = new Map<string, Uint8Array>();
    for (const file of contents.files) {
      const entry = workspace.get(file.path);
      if (entry?.kind === 'file') bytesByHash.set(entry.hash, file.content);
    }
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
      ...historyTables(database),
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
        if (contents.history) await writeBundleHistory(database, newId, contents.history, bytesByHash);
        await holdForTest('bundle-import');
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

/** True when `contents`' history adds up against its workspace and events. */
function isConsistent(contents: BundleContents, workspace: WorkspaceEntries): boolean {
  try {
    checkHistoryConsistency(contents, workspace);
    return true;
  } catch (error) {
    if (error instanceof BundleError) return false;
    throw error;
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
    // A project of the browser the bundle came from is never one here.
    const { projectId: _project, ...schedule } = parsed.data;
    return {
      ...schedule,
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

import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { BackupRestoreReport, BackupSummary } from '../../shared/protocol/worker-api.ts';
import type { BackupFile, BackupFolder } from '../../shared/storage/backup-folder.ts';

/** What the backups need from the rest of the worker. */
export type BackupDependencies = {
  /** The folder, opened once (null: the browser has none, and nothing is copied). */
  folder: Promise<BackupFolder | null>;
  conversations: () => Promise<Conversation[]>;
  /** A conversation's row now (null: it is gone). */
  conversation: (conversationId: string) => Promise<Conversation | null>;
  /** The conversation as a bundle, without the memories it started with (null: it is gone). */
  exportBundle: (conversationId: string) => Promise<Uint8Array | null>;
  /** Writes a backup copy back as a conversation (not marked as an import); resolves with its id. */
  restoreCopy: (bytes: Uint8Array) => Promise<string>;
  /** Runs `work` while no other tab restores (a Web Lock); absent: runs it at once. */
  exclusively?: <T>(work: () => Promise<T>) => Promise<T>;
  onError: (error: unknown) => void;
  /** How long a conversation stays unchanged before it is copied (its run's last steps come together). */
  quietMs?: number;
};

const SUFFIX = '.sandpiper.zip';
const NAME = /^[A-Za-z0-9_-]{1,128}\.sandpiper\.zip$/;

/** The copy's file name for a conversation. */
export function backupName(conversationId: string): string {
  return `${conversationId}${SUFFIX}`;
}

/** A copy worth counting: ours by name, and not empty (a write cut short leaves an empty file). */
export function isBackupCopy(file: BackupFile): boolean {
  return NAME.test(file.name) && file.size > 0;
}

/**
 * A second copy of every conversation, as a bundle in the backup folder (see
 * `BackupFolder`), for when the browser deletes the database (a full disk). A conversation
 * is copied once it changed and a little quiet has passed, unless its run is running then
 * (its end copies it); its copy is removed when the person deletes it, in any tab. Copies
 * are written one at a time. What the database no longer has is never removed by itself:
 * after a loss, those copies are all there is, and `restore` brings them back as
 * conversations. Neither keys nor memories are in a copy.
 */
export class ConversationBackups {
  private readonly due = new Map<string, ReturnType<typeof setTimeout>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly dependencies: BackupDependencies) {}

  /**
   * Follows what the worker publishes (and other tabs' deletions): a conversation that
   * changed is copied, a deleted one's copy removed.
   */
  observe(message: BroadcastMessage): void {
    if (message.type === 'conversation') {
      // A sub-agent's conversation is its parent's step, not one of the person's conversations.
      if (!message.conversation.parent) this.schedule(message.conversation.id);
    } else if (message.type === 'event') {
      // A cleared workspace, a stop, a notice: what changed after the run's end.
      this.schedule(message.event.conversationId);
    } else if (message.type === 'conversation_rewound') {
      this.schedule(message.conversationId);
    } else if (message.type === 'history_pruned') {
      for (const id of message.conversationIds) this.schedule(id);
    } else if (message.type === 'conversation_deleted') {
      this.cancel(message.conversationId);
      void this.enqueue(async (folder) => folder.remove(backupName(message.conversationId)));
    }
  }

  /**
   * At start: copies every settled conversation changed since its copy was written, or
   * never copied (made before copies were kept, or in a tab that closed before its copy).
   */
  async catchUp(): Promise<void> {
    const folder = await this.dependencies.folder;
    if (!folder) return;
    const written = new Map(
      (await folder.list()).filter(isBackupCopy).map((file) => [file.name, file.modifiedAt]),
    );
    for (const conversation of await this.dependencies.conversations()) {
      if (conversation.status === 'running' || conversation.parent) continue;
      const modifiedAt = written.get(backupName(conversation.id));
      if (modifiedAt === undefined || modifiedAt < conversation.updatedAt) this.schedule(conversation.id, 0);
    }
  }

  /** The copies, and those of conversations the database does not have (after a loss: all of them). */
  async summary(): Promise<BackupSummary> {
    const folder = await this.dependencies.folder;
    if (!folder) return { isAvailable: false, conversations: 0, bytes: 0, copies: 0, copiesBytes: 0 };
    const copies = (await folder.list()).filter(isBackupCopy);
    const missing = await this.missingCopies(copies);
    const bytesOf = (files: BackupFile[]) => files.reduce((total, file) => total + file.size, 0);
    return {
      isAvailable: true,
      conversations: missing.length,
      bytes: bytesOf(missing),
      copies: copies.length,
      copiesBytes: bytesOf(copies),
    };
  }

  /**
   * Imports every copy of a conversation the database does not have, each as a new
   * conversation, while no other tab does; a copy brought back is removed (its
   * conversation is copied anew under its new id). A copy that cannot be read or imported
   * is kept and reported.
   */
  restore(): Promise<BackupRestoreReport> {
    const { exclusively = (work) => work() } = this.dependencies;
    return this.enqueue((folder) => exclusively(() => this.restoreFrom(folder)), {
      restored: 0,
      conversationIds: [],
      failed: [],
    });
  }

  /** Resolves once every copy asked for so far is written (or failed). */
  async settled(): Promise<void> {
    while (this.due.size > 0) for (const id of [...this.due.keys()]) this.copyNow(id);
    await this.queue;
  }

  private async restoreFrom(folder: BackupFolder): Promise<BackupRestoreReport> {
    const report: BackupRestoreReport = { restored: 0, conversationIds: [], failed: [] };
    for (const file of await this.missingCopies((await folder.list()).filter(isBackupCopy))) {
      try {
        report.conversationIds.push(await this.dependencies.restoreCopy(await folder.read(file.name)));
      } catch (error) {
        report.failed.push({
          name: file.name,
          reason: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      report.restored += 1;
      // Brought back: a copy left behind would only be offered again (its new copy has its new id).
      await folder.remove(file.name).catch((error: unknown) => this.dependencies.onError(error));
    }
    return report;
  }

  /** The copies among `files` whose conversation the database does not have. */
  private async missingCopies(files: BackupFile[]): Promise<BackupFile[]> {
    const known = new Set((await this.dependencies.conversations()).map((conversation) => conversation.id));
    return files.filter((file) => !known.has(file.name.slice(0, -SUFFIX.length)));
  }

  private schedule(conversationId: string, delayMs = this.dependencies.quietMs ?? 1500): void {
    this.cancel(conversationId);
    this.due.set(
      conversationId,
      setTimeout(() => this.copyNow(conversationId), delayMs),
    );
  }

  private cancel(conversationId: string): void {
    clearTimeout(this.due.get(conversationId));
    this.due.delete(conversationId);
  }

  private copyNow(conversationId: string): void {
    this.cancel(conversationId);
    void this.enqueue(async (folder) => {
      const row = await this.dependencies.conversation(conversationId);
      // Running: its end copies it (a copy now would cost the run its thread); gone: no copy.
      if (!row || row.status === 'running' || row.parent) return;
      const bytes = await this.dependencies.exportBundle(conversationId);
      if (!bytes) return;
      await folder.write(backupName(conversationId), bytes);
      // Deleted meanwhile (in another tab, whose removal came first): the copy goes too.
      if (!(await this.dependencies.conversation(conversationId)))
        await folder.remove(backupName(conversationId));
    });
  }

  /** Runs `work` after the work before it; a failure is reported (and rejects what it returns), never thrown at the next. */
  private enqueue<T>(work: (folder: BackupFolder) => Promise<T>, fallback?: T): Promise<T> {
    const result = this.queue.then(async () => {
      const folder = await this.dependencies.folder;
      if (!folder) return fallback as T;
      return work(folder);
    });
    this.queue = result.then(
      () => undefined,
      (error: unknown) => this.dependencies.onError(error),
    );
    return result;
  }
}

import { decodeBundle, readBundleConversation } from '../../shared/bundle/bundle-codec.ts';
import type { BundleContents } from '../../shared/bundle/bundle-format.ts';
import type { Conversation } from '../../shared/protocol/conversation.ts';
import type { ConversationSnapshot, WorkspaceEntryInfo } from '../../shared/protocol/worker-api.ts';
import type { WorkspaceFile } from '../../shared/protocol/workspace.ts';
import type { BackupFolder } from '../../shared/storage/backup-folder.ts';
import { backupName, isBackupCopy } from './conversation-backups.ts';

/** A copy read: what it holds, and when it was written. */
type ReadCopy = { name: string; copiedAt: number; contents: BundleContents };

/** The copy last read (or being read: two callers at once share one decode). */
type LastCopy = { name: string; copiedAt: number; copy: Promise<ReadCopy> };

/**
 * The backup copies, read only, for while the database cannot be opened at all: on a full
 * disk Chromium refuses to open IndexedDB ("Internal error opening backing store") until
 * space is freed (tests/bench/full-disk), and the person can still read their
 * conversations and files as they were when last copied. Nothing here writes. The copy
 * last read is kept decoded, so its files come without reading the zip again.
 */
export class BackupReader {
  private last: LastCopy | null = null;

  constructor(private readonly folder: Promise<BackupFolder | null>) {}

  /** The conversations the copies hold, newest first (a copy that cannot be read is left out). */
  async conversations(): Promise<Conversation[] | null> {
    const folder = await this.folder;
    if (!folder) return null;
    const conversations: Conversation[] = [];
    for (const file of (await folder.list()).filter(isBackupCopy)) {
      // Only each copy's row is read (a list needs no threads or files).
      const row = await folder
        .read(file.name)
        .then((bytes) => readBundleConversation(bytes))
        .catch(() => null);
      if (row) conversations.push(row);
    }
    return conversations.sort((first, second) => second.updatedAt - first.updatedAt);
  }

  /** The conversation as its copy holds it, marked as a copy (null: no copy of it). */
  async snapshot(conversationId: string): Promise<ConversationSnapshot | null> {
    const copy = await this.copyOf(conversationId);
    if (!copy) return null;
    const { conversation, events, plan } = copy.contents;
    return { conversation, events, plan, rewind: null, backupCopy: { copiedAt: copy.copiedAt } };
  }

  /** The workspace entries the copy holds, in path order (null: no copy). */
  async entries(conversationId: string): Promise<WorkspaceEntryInfo[] | null> {
    const copy = await this.copyOf(conversationId);
    if (!copy) return null;
    return copy.contents.files
      .map(({ path, kind, size, modifiedAt }) => ({ path, kind, size, modifiedAt }))
      .sort((first, second) => (first.path < second.path ? -1 : first.path > second.path ? 1 : 0));
  }

  /** One file of the copy with its bytes (null: no copy, or no such file in it). */
  async file(conversationId: string, path: string): Promise<WorkspaceFile | null> {
    const copy = await this.copyOf(conversationId);
    const file = copy?.contents.files.find((entry) => entry.path === path);
    if (!file) return null;
    const { kind, size, modifiedAt, content } = file;
    return { conversationId, path, kind, size, modifiedAt, content };
  }

  private async copyOf(conversationId: string): Promise<ReadCopy | null> {
    const folder = await this.folder;
    if (!folder) return null;
    const name = backupName(conversationId);
    const file = (await folder.list()).find((entry) => entry.name === name && isBackupCopy(entry));
    return file ? this.read(folder, name, file.modifiedAt) : null;
  }

  /** Forgets the copy last read (the database answers again: its memory is not needed). */
  release(): void {
    this.last = null;
  }

  private read(folder: BackupFolder, name: string, copiedAt: number): Promise<ReadCopy> {
    if (this.last?.name === name && this.last.copiedAt === copiedAt) return this.last.copy;
    // A copy is checked as any bundle is (its own limits, paths, formats) before it is
    // shown; its history is not shown, so not read.
    const copy = folder.read(name).then((bytes) => ({
      name,
      copiedAt,
      contents: decodeBundle(bytes, undefined, { withHistory: false }),
    }));
    const last: LastCopy = { name, copiedAt, copy };
    this.last = last;
    // A copy that could not be read is not kept (the next call reads it again).
    copy.catch(() => {
      if (this.last === last) this.last = null;
    });
    return copy;
  }
}

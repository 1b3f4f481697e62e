import { decodeBundle, encodeBundle } from '../../shared/bundle/bundle-codec.ts';
import { BundleError } from '../../shared/bundle/bundle-format.ts';
import { startContextForBundle } from '../../shared/know-how/bundle-memories.ts';
import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { Conversation } from '../../shared/protocol/conversation.ts';
import type {
  BundleExportOptions,
  ConversationUsage,
  ExportedBundle,
} from '../../shared/protocol/worker-api.ts';
import { BundleRepository } from '../../shared/storage/bundle-repository.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import { ScheduleRepository } from '../../shared/storage/schedule-repository.ts';
import { SettingsRepository } from '../../shared/storage/settings-repository.ts';
import { UsageRepository } from '../../shared/storage/usage-repository.ts';
import type { ToolProfile } from '../toolkit/profile.ts';
import { findProfile } from '../toolkit/profile.ts';

/**
 * Conversations as files, and the storage they take: export one conversation as a
 * bundle, import a bundle as a new conversation, and measure or free storage. Nothing
 * here reads settings except the workspace limit (never a key).
 */
export class ConversationArchive {
  private readonly bundles: BundleRepository;

  constructor(
    private readonly dependencies: {
      database: SandpiperDatabase;
      publish: (message: BroadcastMessage) => void;
      newId: () => string;
      now: () => number;
      appVersion: string;
      /** The tool profiles this version has; a bundle of another is refused. */
      profiles: readonly ToolProfile[];
    },
  ) {
    this.bundles = new BundleRepository(dependencies.database);
  }

  /** The conversation as a bundle; the memories it started with only when the person ticked them in. */
  async exportConversation(
    conversationId: string,
    options: BundleExportOptions = {},
  ): Promise<ExportedBundle> {
    const exported = await this.exportIfThere(conversationId, options);
    if (!exported) throw new Error('This conversation no longer exists.');
    return exported;
  }

  /** The conversation as `exportConversation` makes it (its backup copy), or null when it no longer exists. */
  async exportIfThere(
    conversationId: string,
    options: BundleExportOptions = {},
  ): Promise<ExportedBundle | null> {
    const read = await this.bundles.read(conversationId);
    if (!read) return null;
    const startContext = startContextForBundle(
      read.conversation.startContext,
      options.includeMemories ?? false,
    );
    const contents = {
      ...read,
      conversation: { ...read.conversation, ...(startContext ? { startContext } : {}) },
    };
    const bytes = encodeBundle(contents, this.dependencies.appVersion, this.dependencies.now());
    return { fileName: `${fileNameFor(contents.conversation.title)}.sandpiper.zip`, bytes };
  }

  /** Validates a bundle the person imports and writes it as a new conversation; resolves with its id. */
  async importBundle(bytes: Uint8Array): Promise<string> {
    return (await this.importConversation(bytes)).id;
  }

  /**
   * Validates a bundle the person imports and writes it as a new conversation, marked as
   * imported now (the sidebar says so); resolves with its row.
   */
  importConversation(bytes: Uint8Array): Promise<Conversation> {
    return this.write(bytes, this.dependencies.now());
  }

  /**
   * Writes a backup copy of one of the person's own conversations back as a conversation: not
   * an import (it keeps the mark its conversation had, if any); resolves with its id.
   */
  async restoreCopy(bytes: Uint8Array): Promise<string> {
    return (await this.write(bytes, null)).id;
  }

  /** Validates a bundle and writes it as a new conversation, with `importedAt` set when not null. */
  private async write(bytes: Uint8Array, importedAt: number | null): Promise<Conversation> {
    const decoded = decodeBundle(bytes);
    const { profileId } = decoded.conversation;
    if (!findProfile(profileId, this.dependencies.profiles)) {
      throw new BundleError(
        `This bundle's conversation uses the tool profile "${profileId}", which this version of Sandpiper does not have.`,
      );
    }
    const contents =
      importedAt === null ? decoded : { ...decoded, conversation: { ...decoded.conversation, importedAt } };
    const { workspaceLimitBytes, activeProviderId } = await new SettingsRepository(
      this.dependencies.database,
    ).getAgentSettings();
    const conversation = await this.bundles.importAsNew(
      contents,
      this.dependencies.newId(),
      this.dependencies.now(),
      workspaceLimitBytes,
      { newId: this.dependencies.newId, providerId: activeProviderId || null },
    );
    this.dependencies.publish({ type: 'conversation', conversation });
    // Its schedules arrive paused: they fire only once the person resumes them.
    for (const schedule of await new ScheduleRepository(this.dependencies.database).list())
      if (schedule.originConversationId === conversation.id)
        this.dependencies.publish({ type: 'schedule', schedule });
    return conversation;
  }

  storageUsage(): Promise<ConversationUsage[]> {
    return new UsageRepository(this.dependencies.database).byConversation();
  }
}

/** A file name from a title: letters, digits and dashes, never empty. */
export function fileNameFor(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return slug || 'conversation';
}

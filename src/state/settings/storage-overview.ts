import type { Conversation, ConversationStatus } from '../../protocol/conversation.ts';
import type { ConversationUsage } from '../../protocol/worker-api.ts';

/** What the browser says this site uses and may use, in bytes. */
export type StorageEstimate = { usageBytes: number; quotaBytes: number };

/** One conversation's share of the storage, for the Storage settings. */
export type ConversationStorageRow = {
  conversationId: string;
  title: string;
  status: ConversationStatus | null;
  historyBytes: number;
  workspaceBytes: number;
  totalBytes: number;
};

/** The browser's estimate (`navigator.storage.estimate()`), or null where there is none. */
export async function readStorageEstimate(
  storage: Pick<StorageManager, 'estimate'> | undefined = globalThis.navigator?.storage,
): Promise<StorageEstimate | null> {
  if (!storage?.estimate) return null;
  try {
    const estimate = await storage.estimate();
    if (typeof estimate.usage !== 'number' || typeof estimate.quota !== 'number') return null;
    return { usageBytes: estimate.usage, quotaBytes: estimate.quota };
  } catch {
    return null;
  }
}

/** Usage per conversation with its title and status, largest first. */
export function storageRows(
  usage: readonly ConversationUsage[],
  conversations: readonly Conversation[],
): ConversationStorageRow[] {
  const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
  return usage
    .map((entry) => {
      const conversation = byId.get(entry.conversationId);
      return {
        conversationId: entry.conversationId,
        title: conversation?.title || 'Untitled conversation',
        status: conversation?.status ?? null,
        historyBytes: entry.historyBytes,
        workspaceBytes: entry.workspaceBytes,
        totalBytes: entry.historyBytes + entry.workspaceBytes,
      };
    })
    .sort((first, second) => second.totalBytes - first.totalBytes);
}

/** The `count` largest conversations, the ones worth freeing first. */
export function largestConversations(
  rows: readonly ConversationStorageRow[],
  count = 3,
): ConversationStorageRow[] {
  return [...rows].sort((first, second) => second.totalBytes - first.totalBytes).slice(0, count);
}

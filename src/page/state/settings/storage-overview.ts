import type { Conversation, ConversationStatus } from '@/shared/protocol/conversation.ts';
import type { ConversationUsage, HistoryPruning } from '@/shared/protocol/worker-api.ts';

/** What the browser says this site uses and may use, in bytes. */
export type StorageEstimate = { usageBytes: number; quotaBytes: number };

/** One conversation's share of the storage, for the Storage settings. */
export type ConversationStorageRow = {
  conversationId: string;
  title: string;
  status: ConversationStatus | null;
  historyBytes: number;
  workspaceBytes: number;
  /** What its checkpoints cost: the workspace history's kept versions and rows. */
  checkpointBytes: number;
  /** How many checkpoints it keeps. */
  checkpoints: number;
  /** Steps' checkpoints in its workspace, which pruning would drop (none: nothing to prune). */
  stepCheckpoints: number;
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
        checkpointBytes: entry.checkpointBytes,
        checkpoints: entry.checkpoints,
        stepCheckpoints: entry.stepCheckpoints,
        totalBytes: entry.historyBytes + entry.workspaceBytes + entry.checkpointBytes,
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

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The question before pruning a conversation's checkpoints: exactly what goes (each step's
 * own changes) and stays (every message's checkpoint, the files now), and what it frees.
 */
export function pruningQuestion(pruning: HistoryPruning, formatBytes: (bytes: number) => string): string {
  const freed = formatBytes(pruning.freedBytes + pruning.freedRowBytes);
  if (pruning.steps === 0)
    return `No step keeps changes of its own any more; pruning tidies what is left and frees about ${freed}. Prune?`;
  return (
    `Forget the per-step changes of ${count(pruning.steps, 'step', 'steps')} (what each changed, and its diffs)? ` +
    'You can still see and go back to each of your messages; the files now stay as they are. ' +
    `Frees about ${freed}.`
  );
}

/** What a pruning did, said once it is done. */
export function pruningOutcome(pruning: HistoryPruning, formatBytes: (bytes: number) => string): string {
  return `Pruned the checkpoints of ${count(pruning.steps, 'step', 'steps')}; kept ${count(pruning.keptCheckpoints, 'message checkpoint', 'message checkpoints')}; freed about ${formatBytes(pruning.freedBytes + pruning.freedRowBytes)}.`;
}

import type { BroadcastMessage } from '../../shared/protocol/broadcast.ts';
import type { HistoryPruning } from '../../shared/protocol/worker-api.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import { conversationsPruned, pruneHistory } from '../../shared/storage/history-pruning.ts';
import { UsageRepository } from '../../shared/storage/usage-repository.ts';
import type { Journal } from '../engine/journal.ts';
import type { ConversationSandboxes } from '../sandbox/conversation-sandboxes.ts';
import type { ActiveRuns } from './active-runs.ts';
import type { CommandQueue } from './command-queue.ts';
import type { RunLocks } from './run-locks.ts';
import { workspaceClearedNotice } from './runtime-notices.ts';

/** Why the stored workspace or log cannot be changed now: a run holds the conversation. */
export const AGENT_IS_WORKING = 'The agent is working in this conversation; stop it first.';

/**
 * What the person does to a conversation's stored workspace from Settings → Storage:
 * clear it, or prune its history. Both wait their turn among the conversation's commands
 * and are refused while it (or, for pruning, a sub-agent in its workspace) runs here or in
 * another tab.
 */
export class WorkspaceUpkeep {
  constructor(
    private readonly ports: {
      database: SandpiperDatabase;
      commands: CommandQueue;
      active: Pick<ActiveRuns, 'has'>;
      locks: Pick<RunLocks, 'isFree'>;
      sandboxes: Pick<ConversationSandboxes, 'forget'>;
      journal: Pick<Journal, 'append'>;
      publish: (message: BroadcastMessage) => void;
    },
  ) {}

  /** Deletes a conversation's workspace files and their history (its events stay). */
  async clearWorkspace(conversationId: string): Promise<void> {
    const { commands, database, sandboxes, journal } = this.ports;
    await commands.exclusive(conversationId, async () => {
      await this.refuseWhileRunning([conversationId]);
      await new UsageRepository(database).clearWorkspace(conversationId);
      sandboxes.forget(conversationId);
      await journal.append(conversationId, [workspaceClearedNotice()]);
    });
  }

  /**
   * Prunes the history of a conversation's workspace (see `history-pruning.ts`) and tells
   * every tab, whose threads then read the steps' change counts again.
   */
  pruneHistory(conversationId: string): Promise<HistoryPruning> {
    const { commands, database, publish } = this.ports;
    return commands.exclusive(conversationId, async () => {
      await this.refuseWhileRunning(await conversationsPruned(database, conversationId));
      const outcome = await pruneHistory(database, conversationId);
      publish({ type: 'history_pruned', conversationIds: outcome.conversationIds });
      return outcome;
    });
  }

  private async refuseWhileRunning(conversationIds: readonly string[]): Promise<void> {
    const { active, locks } = this.ports;
    for (const id of conversationIds)
      if (active.has(id) || !(await locks.isFree(id))) throw new Error(AGENT_IS_WORKING);
  }
}

import type { StepChange } from '../../protocol/workspace-changes.ts';
import type { SandpiperDatabase } from '../../storage/db.ts';
import { foldChanges, WorkspaceHistory } from '../../storage/workspace-history.ts';

/**
 * What each step changed in a conversation's workspace, for the thread and the Computer
 * panel: read from the workspace's history, whatever tool made the change.
 */
export class WorkspaceChanges {
  private readonly history: WorkspaceHistory;

  constructor(database: SandpiperDatabase) {
    this.history = new WorkspaceHistory(database);
  }

  /** The paths the action or message at `seq` changed, each with its entry before and after. */
  async ofStep(conversationId: string, seq: number): Promise<StepChange[]> {
    const changes = await this.history.stepChanges(conversationId, seq);
    return changes.map(({ path, before, after }) => ({ path, before, after }));
  }

  /** How many paths each step changed, by its event's `seq` (steps that changed nothing are left out). */
  async countsByStep(conversationId: string): Promise<Record<number, number>> {
    const checkpoints = await this.history.checkpoints(conversationId);
    const last = checkpoints.at(-1);
    if (!last) return {};
    const all = await this.history.changesBetween(conversationId, 0, last.rev);
    const counts: Record<number, number> = {};
    let from = 0;
    // Checkpoints and changes both in order: each step's changes are those up to its checkpoint.
    for (const checkpoint of checkpoints) {
      let to = from;
      while (to < all.length && (all[to]?.rev ?? 0) <= checkpoint.rev) to += 1;
      const count = foldChanges(all.slice(from, to)).length;
      if (count > 0) counts[checkpoint.seq] = count;
      from = to;
    }
    return counts;
  }
}

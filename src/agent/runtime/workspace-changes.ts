import type { StepChange } from '../../protocol/workspace-changes.ts';
import type { SandpiperDatabase } from '../../storage/db.ts';
import { foldChanges, WorkspaceAtCheckpoint, WorkspaceHistory } from '../../storage/workspace-history.ts';

/**
 * What each step changed in a conversation's workspace, for the thread and the Computer
 * panel: read from the workspace's history, whatever tool made the change.
 */
export class WorkspaceChanges {
  private readonly history: WorkspaceHistory;
  private readonly versionsReader: WorkspaceAtCheckpoint;

  constructor(database: SandpiperDatabase) {
    this.history = new WorkspaceHistory(database);
    this.versionsReader = new WorkspaceAtCheckpoint(database);
  }

  /** The paths the action `actionUuid` changed, each with its entry before and after. */
  async ofAction(conversationId: string, actionUuid: string): Promise<StepChange[]> {
    const changes = await this.history.stepChanges(conversationId, { uuid: actionUuid });
    return changes.map(({ path, before, after }) => ({ path, before, after }));
  }

  /**
   * The bytes of one path before and after the action `actionUuid` (null where it was
   * absent, or is a folder); null when the action did not change that path.
   */
  async versions(
    conversationId: string,
    actionUuid: string,
    path: string,
  ): Promise<{ before: Uint8Array | null; after: Uint8Array | null } | null> {
    const change = (await this.ofAction(conversationId, actionUuid)).find((each) => each.path === path);
    if (!change) return null;
    const read = async (entry: StepChange['before']) =>
      entry?.kind === 'file' ? this.versionsReader.bytesOf(conversationId, path, entry) : null;
    return { before: await read(change.before), after: await read(change.after) };
  }

  /** How many paths each action changed, by its uuid (actions that changed nothing are left out). */
  async countsByAction(conversationId: string): Promise<Record<string, number>> {
    const checkpoints = await this.history.checkpoints(conversationId);
    const last = checkpoints.at(-1);
    if (!last) return {};
    const all = await this.history.changesBetween(conversationId, 0, last.rev);
    const counts: Record<string, number> = {};
    let from = 0;
    // Checkpoints and changes both in order: each step's changes are those up to its checkpoint.
    for (const checkpoint of checkpoints) {
      let to = from;
      while (to < all.length && (all[to]?.rev ?? 0) <= checkpoint.rev) to += 1;
      const count = foldChanges(all.slice(from, to)).length;
      if (count > 0 && checkpoint.uuid) counts[checkpoint.uuid] = count;
      from = to;
    }
    return counts;
  }
}

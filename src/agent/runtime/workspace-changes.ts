import type { StepChange } from '../../protocol/workspace-changes.ts';
import type { SandpiperDatabase } from '../../storage/db.ts';
import {
  type FileChange,
  foldChanges,
  stepRange,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from '../../storage/workspace-history.ts';

/** The app's own files in a workspace (saved observations): kept in the history, never shown as a step's work. */
const APP_FOLDER = '.sandpiper';

export function isShownChange(change: Pick<FileChange, 'path'>): boolean {
  return change.path !== APP_FOLDER && !change.path.startsWith(`${APP_FOLDER}/`);
}

function asStepChange({ path, before, after }: FileChange): StepChange {
  return { path, before, after };
}

/**
 * What each step changed in a conversation's workspace, for the thread and the Computer
 * panel: read from the workspace's history, whatever tool made the change. A sub-agent's
 * steps are read in its parent's workspace, where they worked.
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
    return changes.filter(isShownChange).map(asStepChange);
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
    const range = stepRange(await this.history.checkpoints(conversationId), { uuid: actionUuid });
    const change = (await this.ofAction(conversationId, actionUuid)).find((each) => each.path === path);
    if (!range || !change) return null;
    const read = async (entry: StepChange['before']) =>
      entry?.kind === 'file' ? this.versionsReader.bytesOf(range.workspaceId, path, entry) : null;
    return { before: await read(change.before), after: await read(change.after) };
  }

  /** The events of the conversation that have a checkpoint (what a rewind or a fork can go back to). */
  async checkpointSeqs(conversationId: string): Promise<number[]> {
    return (await this.history.checkpoints(conversationId)).map((checkpoint) => checkpoint.seq);
  }

  /** How many paths each action changed, by its uuid (actions that changed nothing are left out). */
  async countsByAction(conversationId: string): Promise<Record<string, number>> {
    const checkpoints = await this.history.checkpoints(conversationId);
    const last = checkpoints.at(-1);
    if (!last) return {};
    const all = await this.history.changesBetween(last.workspaceId ?? conversationId, 0, last.rev);
    // The changes up to each checkpoint since the one before it (both lists are in order).
    const spans: FileChange[][] = [];
    let from = 0;
    for (const checkpoint of checkpoints) {
      let to = from;
      while (to < all.length && (all[to]?.rev ?? 0) <= checkpoint.rev) to += 1;
      spans.push(all.slice(from, to));
      from = to;
    }
    // An action is marked when it settles, and an ask again when answered: its changes are the spans before its marks.
    const byAction = new Map<string, FileChange[]>();
    checkpoints.forEach((checkpoint, index) => {
      if (!checkpoint.uuid) return;
      byAction.set(checkpoint.uuid, [...(byAction.get(checkpoint.uuid) ?? []), ...(spans[index] ?? [])]);
    });
    const counts: Record<string, number> = {};
    for (const [uuid, changes] of byAction) {
      const count = foldChanges(changes).filter(isShownChange).length;
      if (count > 0) counts[uuid] = count;
    }
    return counts;
  }
}

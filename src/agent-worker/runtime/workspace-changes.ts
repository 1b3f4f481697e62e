import type {
  ChangedVersions,
  StepChange,
  StepChangeSummary,
  TaskChange,
} from '../../shared/protocol/workspace-change-rows.ts';
import type { SandpiperDatabase } from '../../shared/storage/db.ts';
import {
  type Checkpoint,
  type FileChange,
  foldChanges,
  stepRange,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from '../../shared/storage/workspace-history.ts';

/** The app's own files in a workspace (saved observations): kept in the history, never shown as a step's work. */
const APP_FOLDER = '.sandpiper';

/**
 * Whether a change is one a person sees and counts: a file's, outside the app's own folder. A
 * folder made or removed is kept in the history (a rewind puts it back) but is no changed
 * file: its files each have their own change, so a removed folder still shows the files it held.
 */
export function isShownChange(change: Pick<FileChange, 'path' | 'before' | 'after'>): boolean {
  const isFile = change.before?.kind === 'file' || change.after?.kind === 'file';
  return isFile && change.path !== APP_FOLDER && !change.path.startsWith(`${APP_FOLDER}/`);
}

function asStepChange({ path, before, after }: FileChange): StepChange {
  return { path, before, after };
}

/** The task's changes, folded, and the workspace they lie in. */
type TaskFold = { key: string; workspaceId: string; changes: TaskChange[] };

/**
 * What each step changed in a conversation's workspace, for the thread and the Computer
 * panel: read from the workspace's history, whatever tool made the change. A sub-agent's
 * steps are read in its parent's workspace, where they worked.
 */
export class WorkspaceChanges {
  private readonly history: WorkspaceHistory;
  private readonly versionsReader: WorkspaceAtCheckpoint;
  /** The last fold `ofTask` made (the Changes view reads one file after another from it). */
  private lastFold: TaskFold | null = null;

  constructor(database: SandpiperDatabase) {
    this.history = new WorkspaceHistory(database);
    this.versionsReader = new WorkspaceAtCheckpoint(database);
  }

  /** The files the action `actionUuid` changed, each with its entry before and after. */
  async ofAction(conversationId: string, actionUuid: string): Promise<StepChange[]> {
    const changes = await this.history.stepChanges(conversationId, { uuid: actionUuid });
    return changes.filter(isShownChange).map(asStepChange);
  }

  /**
   * The bytes of one path before and after the action `actionUuid` (null where it was
   * absent, or is a folder); null when the action did not change that path.
   */
  async versions(conversationId: string, actionUuid: string, path: string): Promise<ChangedVersions | null> {
    const range = stepRange(await this.history.checkpoints(conversationId), { uuid: actionUuid });
    const change = (await this.ofAction(conversationId, actionUuid)).find((each) => each.path === path);
    return range && change ? this.bytesOf(range.workspaceId, change) : null;
  }

  /**
   * Every file the conversation's task changed in its workspace, one entry per path (in
   * path order), each with the actions that changed it: from the workspace as the task was
   * handed over (after its first message and the files it brought; a sub-agent's, its
   * parent's workspace when the sub-agent began) to now (a sub-agent's: to its last settled
   * step, since its parent works on after it). A path made and removed again, or put back
   * as it was, is left out; a move is its old path deleted and its new one added.
   */
  async ofTask(conversationId: string): Promise<TaskChange[]> {
    return (await this.foldTask(conversationId)).changes;
  }

  /** One path's bytes when the task began and now; null when the task did not change it. */
  async taskVersions(conversationId: string, path: string): Promise<ChangedVersions | null> {
    const { workspaceId, changes } = await this.foldTask(conversationId);
    const change = changes.find((each) => each.path === path);
    return change ? this.bytesOf(workspaceId, change) : null;
  }

  private async foldTask(conversationId: string): Promise<TaskFold> {
    const checkpoints = await this.history.checkpoints(conversationId);
    const first = checkpoints[0];
    const workspaceId = first?.workspaceId ?? conversationId;
    const fromRev = first?.rev ?? 0;
    const toRev =
      workspaceId === conversationId
        ? await this.history.latestRev(workspaceId)
        : (checkpoints.at(-1)?.rev ?? fromRev);
    const key = [conversationId, workspaceId, fromRev, toRev, checkpoints.length].join('\n');
    if (this.lastFold?.key === key) return this.lastFold;
    const all = await this.history.changesBetween(workspaceId, fromRev, toRev);
    const marks = marksByPath(all, checkpoints);
    const changes = foldChanges(all)
      .filter(isShownChange)
      .map((change) => ({
        ...asStepChange(change),
        ...(marks.get(change.path) ?? { actionUuids: [], isChangedByPerson: false }),
      }));
    this.lastFold = { key, workspaceId, changes };
    return this.lastFold;
  }

  private async bytesOf(workspaceId: string, change: StepChange): Promise<ChangedVersions> {
    const read = async (entry: StepChange['before']) =>
      entry?.kind === 'file' ? this.versionsReader.bytesOf(workspaceId, change.path, entry) : null;
    return { before: await read(change.before), after: await read(change.after) };
  }

  /** How many files each action changed, by its uuid (actions that changed nothing are left out). */
  async countsByAction(conversationId: string): Promise<Record<string, number>> {
    return (await this.stepSummary(conversationId)).counts;
  }

  /**
   * What the thread shows of the steps' changes, from one reading of the checkpoints: how
   * many files each action changed, by its uuid (actions that changed nothing are left
   * out), and the events that have a checkpoint (what a rewind or a fork can go back to).
   */
  async stepSummary(conversationId: string): Promise<StepChangeSummary> {
    const checkpoints = await this.history.checkpoints(conversationId);
    const checkpointSeqs = checkpoints.map((checkpoint) => checkpoint.seq);
    const last = checkpoints.at(-1);
    if (!last) return { counts: {}, checkpointSeqs };
    const all = await this.history.changesBetween(last.workspaceId ?? conversationId, 0, last.rev);
    // An action is marked when it settles, and an ask again when answered: its changes are those of its marks.
    const byAction = new Map<string, FileChange[]>();
    changesByCheckpoint(all, checkpoints).forEach((owned, index) => {
      const uuid = checkpoints[index]?.uuid;
      if (uuid) byAction.set(uuid, [...(byAction.get(uuid) ?? []), ...owned]);
    });
    const counts: Record<string, number> = {};
    for (const [uuid, changes] of byAction) {
      const count = foldChanges(changes).filter(isShownChange).length;
      if (count > 0) counts[uuid] = count;
    }
    return { counts, checkpointSeqs };
  }
}

/**
 * Each checkpoint's own changes: a change belongs to the first checkpoint at or after it
 * (both lists in order); one after the last checkpoint belongs to the step still running,
 * and to nobody yet.
 */
function changesByCheckpoint(
  changes: readonly FileChange[],
  checkpoints: readonly Checkpoint[],
): FileChange[][] {
  const owned = checkpoints.map((): FileChange[] => []);
  let index = 0;
  for (const change of changes) {
    while (index < checkpoints.length && (checkpoints[index]?.rev ?? 0) < change.rev) index += 1;
    if (index >= checkpoints.length) break;
    owned[index]?.push(change);
  }
  return owned;
}

/**
 * Who changed each path: the owner of its changes (`changesByCheckpoint`: the action that
 * settled then, or the person's message that brought files). Each checkpoint's changes
 * are folded first, so a path it changed and put back (a rewind's
 * restore after steps it dropped, an undo) is nobody's. Both lists are in order.
 */
function marksByPath(
  changes: readonly FileChange[],
  checkpoints: readonly Checkpoint[],
): Map<string, Pick<TaskChange, 'actionUuids' | 'isChangedByPerson'>> {
  const marks = new Map<string, Pick<TaskChange, 'actionUuids' | 'isChangedByPerson'>>();
  changesByCheckpoint(changes, checkpoints).forEach((owned, ownerIndex) => {
    const owner = checkpoints[ownerIndex];
    if (!owner) return;
    for (const change of foldChanges(owned)) {
      const mark = marks.get(change.path) ?? { actionUuids: [], isChangedByPerson: false };
      if (!owner.uuid) mark.isChangedByPerson = true;
      else if (!mark.actionUuids.includes(owner.uuid)) mark.actionUuids.push(owner.uuid);
      marks.set(change.path, mark);
    }
  });
  return marks;
}

import type { WorkspaceFile } from '../protocol/workspace.ts';
import type { SandpiperDatabase } from './db.ts';
import {
  type FileChange,
  foldChanges,
  WorkspaceAtCheckpoint,
  WorkspaceHistory,
} from './workspace-history.ts';
import { WorkspaceRepository } from './workspace-repository.ts';

/**
 * What a workspace's history changed after `rev`, one change per path (its entry at
 * `rev`, and now); paths changed and put back are left out.
 */
export async function changesSince(
  database: SandpiperDatabase,
  workspaceId: string,
  rev: number,
): Promise<FileChange[]> {
  const later = await new WorkspaceHistory(database).changesBetween(
    workspaceId,
    rev,
    Number.MAX_SAFE_INTEGER,
  );
  return foldChanges(later);
}

/**
 * Inside the caller's transaction (it must hold the workspace tables): puts every path
 * changed after `rev` back as it was then (its bytes from the blob its change kept), as a
 * write like any other, so the history records the restore itself and stays one line of
 * changes. Returns how many paths it changed.
 */
export async function restoreWorkspaceAt(
  database: SandpiperDatabase,
  workspaceId: string,
  rev: number,
  now: number,
): Promise<number> {
  const changes = await changesSince(database, workspaceId, rev);
  const versions = new WorkspaceAtCheckpoint(database);
  const writes: WorkspaceFile[] = [];
  const deletes: string[] = [];
  for (const { path, before } of changes) {
    if (before === null) {
      deletes.push(path);
      continue;
    }
    const content = await versions.bytesOf(workspaceId, path, before);
    writes.push({
      conversationId: workspaceId,
      path,
      kind: before.kind,
      content,
      size: content.byteLength,
      modifiedAt: now,
    });
  }
  // Never refused for size: the state it brings back was the workspace once.
  await new WorkspaceRepository(database).apply(workspaceId, { writes, deletes }, null);
  return changes.length;
}

import { BundleError, type BundleHistory } from '../bundle/bundle-format.ts';
import type { SandpiperDatabase } from './db.ts';
import { Checkpoint, WorkspaceHistory } from './workspace-history.ts';

/**
 * A conversation's workspace history as a bundle carries it, read inside the caller's
 * transaction: its changes in order, the checkpoints of steps that worked in its own
 * workspace (a sub-agent's steps are marked in its parent's, which its bundle does not
 * carry), and the bytes of every replaced version the workspace no longer holds (each
 * once). `workspaceHashes`: the hashes of the files exported with it. Undefined when
 * there is no history; a kept version it lacks is left for the caller's check to find.
 */
export async function readBundleHistory(
  database: SandpiperDatabase,
  conversationId: string,
  workspaceHashes: ReadonlySet<string>,
): Promise<BundleHistory | undefined> {
  const history = new WorkspaceHistory(database);
  const recorded = await history.changesBetween(conversationId, 0, Number.MAX_SAFE_INTEGER);
  const changes = recorded.map(({ rev, path, before, after }) => ({ rev, path, before, after }));
  const checkpoints = (await history.checkpoints(conversationId))
    .filter((checkpoint) => (checkpoint.workspaceId ?? conversationId) === conversationId)
    .map(({ seq, rev, uuid }) => ({ seq, rev, ...(uuid ? { uuid } : {}) }));
  if (changes.length === 0 && checkpoints.length === 0) return undefined;
  const needed = [
    ...new Set(
      changes.flatMap(({ before }) =>
        before?.kind === 'file' && !workspaceHashes.has(before.hash) ? [before.hash] : [],
      ),
    ),
  ];
  const kept = await database.blobs.bulkGet(needed.map((hash) => [conversationId, hash] as [string, string]));
  const blobs = needed.flatMap((hash, index) => {
    const content = kept[index]?.content;
    return content instanceof Uint8Array ? [{ hash, content }] : [];
  });
  return { changes, checkpoints, blobs };
}

/**
 * Writes a checked history (`checkBundleHistory`) as conversation `conversationId`'s,
 * inside the caller's transaction: each change under a new number, in order; each
 * checkpoint at the new number of its change (0 stays 0); each replaced version kept,
 * its bytes from the bundle's blob or from the workspace file of the same hash.
 */
export async function writeBundleHistory(
  database: SandpiperDatabase,
  conversationId: string,
  history: BundleHistory,
  workspaceBytes: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const bytes = new Map(workspaceBytes);
  for (const blob of history.blobs) bytes.set(blob.hash, blob.content);
  const replaced = new Set(
    history.changes.flatMap(({ before }) => (before?.kind === 'file' ? [before.hash] : [])),
  );
  const blobs = [...replaced].map((hash) => {
    const content = bytes.get(hash);
    if (!content) throw new BundleError('This bundle is incomplete: its history lacks a replaced version.');
    return { conversationId, hash, content };
  });
  if (blobs.length > 0) await database.blobs.bulkAdd(blobs);
  const revs = new Map<number, number>([[0, 0]]);
  if (history.changes.length > 0) {
    const added = await database.fileChanges.bulkAdd(
      history.changes.map(({ path, before, after }) => ({ conversationId, path, before, after })),
      { allKeys: true },
    );
    history.changes.forEach((change, index) => {
      const rev = added[index];
      if (typeof rev === 'number') revs.set(change.rev, rev);
    });
  }
  const checkpoints = history.checkpoints.map(({ seq, rev, uuid }) => {
    const mapped = revs.get(rev);
    if (mapped === undefined)
      throw new BundleError(
        `This bundle is not valid: a checkpoint stands at change ${rev}, which it lacks.`,
      );
    return Checkpoint.parse({ conversationId, seq, rev: mapped, ...(uuid ? { uuid } : {}) });
  });
  if (checkpoints.length > 0) await database.checkpoints.bulkAdd(checkpoints);
}

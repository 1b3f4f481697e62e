import Dexie from 'dexie';
import type { HistoryPruning } from '../protocol/worker-api.ts';
import type { SandpiperDatabase, UnknownRow } from './db.ts';
import { Checkpoint, FileChange, historyTables, sameEntry } from './workspace-history.ts';

/**
 * Bounded storage for a workspace's history, on request only: the checkpoints of the steps
 * (settled actions) go, those of the person's messages and replies stay, and between two
 * kept checkpoints the changes are folded to one per path (its first `before`, its last
 * `after`; a path that ends as it began keeps none). The replaced versions no remaining
 * change starts from are deleted. Every kept checkpoint's workspace is exactly what it was,
 * and the files now (`files`) are not touched.
 *
 * A sub-agent works in its parent's workspace and its checkpoints point there: pruning the
 * parent drops its sub-agents' step checkpoints too (their stretches of changes no longer
 * exist apart) and keeps their message checkpoints as boundaries like the parent's own.
 * A folded change keeps the rev of its path's last change in the stretch, so a later
 * checkpoint may point at a rev lower than an earlier one's; no change lies between them.
 */

/** What a pruning does: the rows it drops and rewrites, and its summary. */
type PruningPlan = {
  summary: HistoryPruning;
  droppedCheckpoints: [string, number][];
  droppedRevs: number[];
  rewrittenChanges: FileChange[];
  /** Kept checkpoints moved to the last change left at or before theirs. */
  remappedCheckpoints: Checkpoint[];
  droppedBlobs: [string, string][];
};

const jsonBytes = (row: unknown): number => JSON.stringify(row).length;

/** What `pruneHistory` would do now, without changing anything. */
export async function previewHistoryPruning(
  database: SandpiperDatabase,
  conversationId: string,
): Promise<HistoryPruning> {
  return database.transaction('r', historyTables(database), async () => {
    const plan = await planPruning(database, conversationId);
    return plan.summary;
  });
}

/** The conversations pruning `conversationId` would touch: it, and those whose steps worked in its workspace (sub-agents). */
export async function conversationsPruned(
  database: SandpiperDatabase,
  conversationId: string,
): Promise<string[]> {
  const { dropped } = await sortCheckpoints(database, conversationId);
  return prunedIds(conversationId, dropped);
}

function prunedIds(conversationId: string, dropped: readonly UnknownRow[]): string[] {
  return [...new Set([conversationId, ...dropped.map((row) => row.conversationId as string)])];
}

/**
 * Prunes the history of `conversationId`'s workspace in one transaction (all or nothing)
 * and returns what it dropped and freed. Pruning again changes nothing.
 */
export async function pruneHistory(
  database: SandpiperDatabase,
  conversationId: string,
): Promise<HistoryPruning> {
  return database.transaction('rw', historyTables(database), async () => {
    const plan = await planPruning(database, conversationId);
    if (plan.droppedCheckpoints.length > 0) await database.checkpoints.bulkDelete(plan.droppedCheckpoints);
    if (plan.droppedRevs.length > 0) await database.fileChanges.bulkDelete(plan.droppedRevs);
    if (plan.rewrittenChanges.length > 0) await database.fileChanges.bulkPut(plan.rewrittenChanges);
    if (plan.remappedCheckpoints.length > 0) await database.checkpoints.bulkPut(plan.remappedCheckpoints);
    if (plan.droppedBlobs.length > 0) await database.blobs.bulkDelete(plan.droppedBlobs);
    // A rewind's undo points into the changes folded here: it can no longer be undone.
    await database.rewinds.delete(conversationId);
    return plan.summary;
  });
}

/** Inside a transaction over the history tables: what pruning `conversationId` would do. */
async function planPruning(database: SandpiperDatabase, conversationId: string): Promise<PruningPlan> {
  const { dropped, boundaries, keptOwn, keptHere } = await sortCheckpoints(database, conversationId);
  const changeRows = await database.fileChanges
    .where('[conversationId+rev]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .toArray();
  const changes = changeRows.map((row) => FileChange.parse(row));
  const { kept, rewritten } = foldStretches(changes, boundaries);
  const keptRevs = new Set(kept.map((change) => change.rev));
  // A kept checkpoint whose own change folded away (a file made and removed before it) points
  // at the last change left before it: the same state, and a rev that still exists.
  const remappedCheckpoints = keptHere.flatMap((checkpoint) => {
    if (checkpoint.rev === 0 || keptRevs.has(checkpoint.rev)) return [];
    const rev = kept.filter((change) => change.rev <= checkpoint.rev).at(-1)?.rev ?? 0;
    return [{ ...checkpoint, rev }];
  });
  const droppedRows = changeRows.filter((row) => !keptRevs.has(row.rev as number));
  const rowsByRev = new Map(changeRows.map((row) => [row.rev, row]));
  const rewrittenBytes = rewritten.reduce(
    (sum, change) => sum + jsonBytes(rowsByRev.get(change.rev)) - jsonBytes(change),
    0,
  );

  // The versions a remaining change starts from; the others no checkpoint can reach.
  const needed = new Set(
    kept.flatMap((change) => (change.before?.kind === 'file' ? [change.before.hash] : [])),
  );
  const droppedBlobs: [string, string][] = [];
  let freedBytes = 0;
  await database.blobs
    .where('conversationId')
    .equals(conversationId)
    .each((row) => {
      if (typeof row.hash !== 'string' || needed.has(row.hash)) return;
      droppedBlobs.push([conversationId, row.hash]);
      freedBytes += row.content instanceof Uint8Array ? row.content.byteLength : 0;
    });

  const steps = new Set(dropped.map((row) => `${row.conversationId}\u0000${row.uuid}`));
  return {
    summary: {
      steps: steps.size,
      keptCheckpoints: keptOwn,
      droppedChanges: droppedRows.length,
      freedBytes,
      freedRowBytes:
        droppedRows.reduce((sum, row) => sum + jsonBytes(row), 0) +
        dropped.reduce((sum, row) => sum + jsonBytes(row), 0) +
        rewrittenBytes,
      conversationIds: prunedIds(conversationId, dropped),
    },
    droppedCheckpoints: dropped.map((row) => [row.conversationId as string, row.seq as number]),
    droppedRevs: droppedRows.map((row) => row.rev as number),
    rewrittenChanges: rewritten,
    remappedCheckpoints,
    droppedBlobs,
  };
}

/**
 * The checkpoints pruning touches: the steps' of this conversation and of those working in
 * its workspace (dropped), and the revs of the messages' checkpoints in this workspace
 * (kept, the stretches' boundaries), with how many of the kept ones are its own.
 */
async function sortCheckpoints(
  database: SandpiperDatabase,
  conversationId: string,
): Promise<{ dropped: UnknownRow[]; boundaries: number[]; keptOwn: number; keptHere: Checkpoint[] }> {
  // Sub-agents' checkpoints name this workspace in a field no index covers: a scan of small rows.
  const rows = await database.checkpoints
    .filter((row) => row.conversationId === conversationId || row.workspaceId === conversationId)
    .toArray();
  const dropped: UnknownRow[] = [];
  const boundaries = new Set<number>();
  const keptHere: Checkpoint[] = [];
  let keptOwn = 0;
  for (const row of rows) {
    const parsed = Checkpoint.safeParse(row);
    // A row the schema refuses is left alone, as every reader skips it.
    if (!parsed.success) continue;
    const checkpoint = parsed.data;
    if (checkpoint.uuid !== undefined) {
      dropped.push(row);
      continue;
    }
    if (checkpoint.conversationId === conversationId) keptOwn += 1;
    if ((checkpoint.workspaceId ?? checkpoint.conversationId) === conversationId) {
      boundaries.add(checkpoint.rev);
      keptHere.push(checkpoint);
    }
  }
  return { dropped, boundaries: [...boundaries].sort((a, b) => a - b), keptOwn, keptHere };
}

/**
 * Folds `changes` (in rev order) within each stretch between consecutive `boundaries`
 * (and after the last): the changes that remain, and those of them whose row changes.
 */
export function foldStretches(
  changes: readonly FileChange[],
  boundaries: readonly number[],
): { kept: FileChange[]; rewritten: FileChange[] } {
  const kept: FileChange[] = [];
  const rewritten: FileChange[] = [];
  let index = 0;
  for (let stretch = 0; stretch <= boundaries.length && index < changes.length; stretch += 1) {
    const end = boundaries[stretch] ?? Number.POSITIVE_INFINITY;
    const byPath = new Map<string, { first: FileChange; last: FileChange }>();
    for (; index < changes.length && (changes[index]?.rev ?? 0) <= end; index += 1) {
      const change = changes[index] as FileChange;
      const found = byPath.get(change.path);
      byPath.set(change.path, { first: found?.first ?? change, last: change });
    }
    for (const { first, last } of byPath.values()) {
      if (sameEntry(first.before, last.after)) continue;
      const folded = { ...last, before: first.before };
      kept.push(folded);
      if (first !== last) rewritten.push(folded);
    }
  }
  return { kept: kept.sort((a, b) => a.rev - b.rev), rewritten };
}

import { type BundleContents, BundleError, type BundleHistory } from '../bundle/bundle-format.ts';
import { normalizeBundlePath, quoted } from '../bundle/bundle-paths.ts';
import type { HistoryEntry } from '../protocol/workspace-change-rows.ts';
import { contentHash } from './workspace-history.ts';

/** Each path of a bundle's workspace as the history names it: a file's hash and size, or a folder. */
export type WorkspaceEntries = ReadonlyMap<string, HistoryEntry>;

const CHANGES = 'history/changes.json';
const CHECKPOINTS = 'history/checkpoints.json';

/** The workspace a bundle carries, each file hashed (SHA-256, as `WorkspaceRepository` hashes it). */
export function workspaceEntriesOf(files: BundleContents['files']): Map<string, HistoryEntry> {
  return new Map(
    files.map(({ path, kind, content }) => [
      path,
      kind === 'directory'
        ? { kind: 'directory' }
        : { kind: 'file', hash: contentHash(content), size: content.byteLength },
    ]),
  );
}

/**
 * Refuses, with the reason, a bundle's history that is not whole or not its own: a kept
 * version whose bytes do not hash to its name, and everything `checkHistoryConsistency`
 * refuses. What an import runs before it writes anything.
 */
export function checkBundleHistory(contents: BundleContents, workspace: WorkspaceEntries): void {
  if (!contents.history) return;
  for (const { hash, content } of contents.history.blobs) {
    const actual = contentHash(content);
    if (actual !== hash)
      throw new BundleError(
        `This bundle is damaged: history/blobs/${hash.slice(0, 12)}… does not hold the bytes its name says (their SHA-256 starts ${actual.slice(0, 12)}).`,
      );
  }
  checkHistoryConsistency(contents, workspace);
}

/**
 * Refuses a history that does not add up, given each kept version's name is its hash:
 * changes out of order, at a path the workspace may not hold, or that skip a version; a
 * replaced version whose bytes neither a kept version nor the workspace holds; a history
 * that ends elsewhere than the workspace; a kept version no change replaced; a checkpoint
 * out of order, at a change the history lacks, or at a step the events lack.
 */
export function checkHistoryConsistency(contents: BundleContents, workspace: WorkspaceEntries): void {
  const { history } = contents;
  if (!history) return;
  const sizes = new Map<string, number>();
  for (const entry of workspace.values()) if (entry.kind === 'file') sizes.set(entry.hash, entry.size);
  for (const { hash, content } of history.blobs) sizes.set(hash, content.byteLength);
  const { revs, replaced } = checkChanges(history, sizes, workspace);
  for (const { hash } of history.blobs) {
    if (!replaced.has(hash))
      throw new BundleError(
        `This bundle has an unexpected entry: history/blobs/${hash.slice(0, 12)}… (no change of its history replaced those bytes).`,
      );
  }
  checkCheckpoints(history, revs, contents.events);
}

/** The changes in order, each path's versions one after the other, ending in the workspace. */
function checkChanges(
  history: BundleHistory,
  sizes: ReadonlyMap<string, number>,
  workspace: WorkspaceEntries,
): { revs: Set<number>; replaced: Set<string> } {
  const revs = new Set<number>();
  const replaced = new Set<string>();
  const latest = new Map<string, HistoryEntry | null>();
  let previousRev = 0;
  for (const [index, change] of history.changes.entries()) {
    const where = `${CHANGES}, change ${index + 1} (${quoted(change.path)})`;
    normalizeBundlePath(change.path);
    if (change.rev <= previousRev)
      throw new BundleError(
        `This bundle is not valid: ${where} is numbered ${change.rev}, after ${previousRev}; changes must be in increasing order.`,
      );
    previousRev = change.rev;
    revs.add(change.rev);
    const last = latest.get(change.path);
    if (last !== undefined && !isSameEntry(last, change.before))
      throw new BundleError(
        `This bundle's history skips a version: ${where} finds it ${described(change.before)}, but the change before left it ${described(last)}.`,
      );
    for (const [side, entry] of [
      ['before', change.before],
      ['after', change.after],
    ] as const) {
      if (entry?.kind !== 'file') continue;
      const size = sizes.get(entry.hash);
      if (size === undefined && side === 'before')
        throw new BundleError(
          `This bundle is incomplete: ${where} replaced a version (${entry.hash.slice(0, 12)}…) whose bytes it does not hold.`,
        );
      if (size !== undefined && size !== entry.size)
        throw new BundleError(
          `This bundle is damaged: ${where} gives a version (${entry.hash.slice(0, 12)}…) ${entry.size} bytes, but it holds ${size}.`,
        );
    }
    if (change.before?.kind === 'file') replaced.add(change.before.hash);
    latest.set(change.path, change.after);
  }
  for (const [path, after] of latest) {
    const present = workspace.get(path) ?? null;
    if (!isSameEntry(after, present))
      throw new BundleError(
        `This bundle's history does not end in its workspace: after its last change ${quoted(path)} is ${described(after)}, but in the workspace it is ${described(present)}.`,
      );
  }
  return { revs, replaced };
}

/** Each checkpoint after the one before, at a change the history holds (or 0), at a step of the events. */
function checkCheckpoints(
  history: BundleHistory,
  revs: ReadonlySet<number>,
  events: BundleContents['events'],
): void {
  const bySeq = new Map(events.map((event) => [event.seq, event]));
  let previousSeq = -1;
  for (const [index, checkpoint] of history.checkpoints.entries()) {
    const where = `${CHECKPOINTS}, checkpoint ${index + 1}`;
    if (checkpoint.seq <= previousSeq)
      throw new BundleError(
        `This bundle is not valid: ${where} is at step ${checkpoint.seq}, after step ${previousSeq}; checkpoints must be in step order.`,
      );
    previousSeq = checkpoint.seq;
    if (checkpoint.rev !== 0 && !revs.has(checkpoint.rev))
      throw new BundleError(
        `This bundle is not valid: ${where} stands at change ${checkpoint.rev}, which ${CHANGES} does not hold.`,
      );
    const event = bySeq.get(checkpoint.seq);
    if (!event)
      throw new BundleError(
        `This bundle is not valid: ${where} is at step ${checkpoint.seq}, which events.json does not hold.`,
      );
    const uuid = event.body.type === 'envelope' ? event.body.envelope.uuid : null;
    if (checkpoint.uuid !== undefined && checkpoint.uuid !== uuid)
      throw new BundleError(
        `This bundle is not valid: ${where} names the action ${quoted(checkpoint.uuid)}, but step ${checkpoint.seq} is not that action.`,
      );
  }
}

/** Two entries are the same version: both absent, both folders, or files of the same bytes. */
function isSameEntry(a: HistoryEntry | null, b: HistoryEntry | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'directory' || b.kind === 'directory') return a.kind === b.kind;
  return a.hash === b.hash && a.size === b.size;
}

function described(entry: HistoryEntry | null): string {
  if (entry === null) return 'absent';
  if (entry.kind === 'directory') return 'a folder';
  return `a file of ${entry.size} bytes (${entry.hash.slice(0, 12)}…)`;
}

import { structuredPatch } from 'diff';
import type { ChangedVersions, StepChange } from '@/shared/protocol/workspace-change-rows.ts';

import { type FileContent, fileContentOf } from './file-content.ts';

/** What a step did to one path, in words the Changes list shows. */
export type ChangeKind = 'added' | 'deleted' | 'modified' | 'folder added' | 'folder deleted' | 'replaced';

export function changeKind(change: StepChange): ChangeKind {
  const { before, after } = change;
  if (before === null) return after?.kind === 'directory' ? 'folder added' : 'added';
  if (after === null) return before.kind === 'directory' ? 'folder deleted' : 'deleted';
  return before.kind === after.kind ? 'modified' : 'replaced';
}

/** "1 file changed", "3 files changed": what a step row and the Changes heading say. */
export function changedFilesLabel(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'} changed`;
}

/**
 * One line of a unified diff, with its number in the version before (absent from an added
 * line) and in the version after (absent from a removed one).
 */
export type DiffLine = {
  type: 'added' | 'removed' | 'context';
  text: string;
  oldLine: number | null;
  newLine: number | null;
};
export type DiffHunk = { header: string; lines: DiffLine[] };

/**
 * How a changed file's two versions compare: as text, line by line (with both texts, for
 * highlighting whole), or as bytes (sizes only).
 */
export type FileDiff =
  | { kind: 'text'; hunks: DiffHunk[]; added: number; removed: number; before: string; after: string }
  | { kind: 'binary'; beforeBytes: number | null; afterBytes: number | null }
  | { kind: 'too-large'; beforeBytes: number | null; afterBytes: number | null }
  | { kind: 'too-different'; beforeBytes: number | null; afterBytes: number | null };

/** Past this many bytes on either side, a diff would stall the page: sizes are shown instead. */
export const MAX_DIFF_BYTES = 512 * 1024;

/**
 * How long comparing two versions may take: the work grows with how much differs (a
 * regenerated lockfile of 20,000 lines takes minutes), so past it sizes are shown instead.
 */
const DIFF_TIMEOUT_MS = 200;

/** Whether a change's versions are small enough to read for a diff (sizes known from the change itself). */
export function isDiffable(sizes: { before: number | null; after: number | null }): boolean {
  return (sizes.before ?? 0) <= MAX_DIFF_BYTES && (sizes.after ?? 0) <= MAX_DIFF_BYTES;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** `bytes` as text, or null when they are not UTF-8 text (invalid, or holding NUL). */
function textOf(bytes: Uint8Array | null): string | null {
  if (bytes === null) return '';
  if (bytes.includes(0)) return null;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The unified diff (three lines of context) of a file's versions before and after a step. */
export function fileDiff(before: Uint8Array | null, after: Uint8Array | null): FileDiff {
  const beforeBytes = before?.byteLength ?? null;
  const afterBytes = after?.byteLength ?? null;
  if (!isDiffable({ before: beforeBytes, after: afterBytes }))
    return { kind: 'too-large', beforeBytes, afterBytes };
  const beforeText = textOf(before);
  const afterText = textOf(after);
  if (beforeText === null || afterText === null) return { kind: 'binary', beforeBytes, afterBytes };
  const patch = structuredPatch('before', 'after', beforeText, afterText, '', '', {
    context: 3,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return { kind: 'too-different', beforeBytes, afterBytes };
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((hunk) => {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    return {
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      lines: hunk.lines
        .filter((line) => !line.startsWith('\\'))
        .map((line): DiffLine => {
          const text = line.slice(1);
          if (line[0] === '+') {
            added += 1;
            return { type: 'added', text, oldLine: null, newLine: newLine++ };
          }
          if (line[0] === '-') {
            removed += 1;
            return { type: 'removed', text, oldLine: oldLine++, newLine: null };
          }
          return { type: 'context', text, oldLine: oldLine++, newLine: newLine++ };
        }),
    };
  });
  return { kind: 'text', hunks, added, removed, before: beforeText, after: afterText };
}

/**
 * How to show a changed file: its diff, what each version is (null: absent), and whether
 * to show the two as pictures (either is a PNG, JPEG, GIF, WebP or SVG by its bytes).
 */
export type VersionsComparison = {
  diff: FileDiff;
  before: FileContent | null;
  after: FileContent | null;
  isImage: boolean;
};

/** Compares a changed file's two versions for the diff view. */
export function compareVersions(versions: ChangedVersions): VersionsComparison {
  const before = versions.before ? fileContentOf(versions.before) : null;
  const after = versions.after ? fileContentOf(versions.after) : null;
  return {
    diff: fileDiff(versions.before, versions.after),
    before,
    after,
    isImage: before?.kind === 'image' || after?.kind === 'image',
  };
}

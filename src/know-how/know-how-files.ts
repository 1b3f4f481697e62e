import { BundleError } from '../bundle/bundle-format.ts';
import { bundlePathProblem, quoted } from '../bundle/bundle-paths.ts';
import { megabytes, readZipDirectory, readZipEntry, type ZipEntry } from '../bundle/zip-reader.ts';
import type { KnowHowFile } from '../protocol/know-how.ts';

/** What one skill or one project may hold: notes, scripts, references and examples, not a dataset. */
export const KNOW_HOW_LIMITS = { maxFiles: 500, maxBytes: 20 * 1024 * 1024 } as const;

/** A file as the limits see it: its path and how many bytes it has (read or not yet). */
export type SizedFile = { path: string; bytes: Pick<KnowHowFile['bytes'], 'byteLength'> };

export { megabytes };

/**
 * Why these files cannot be one skill's or project's (`what`), or null when they can: a
 * path that is not a plain relative one (absolute, "..", a backslash…), the same path
 * twice, a file that is also a folder of others, more files or bytes than the limits.
 */
export function filesProblem(files: readonly SizedFile[], what: 'skill' | 'project'): string | null {
  const paths = new Set<string>();
  for (const file of files) {
    const problem = bundlePathProblem(file.path);
    if (problem !== null) return `The file path ${quoted(file.path)} is not allowed (${problem}).`;
    if (paths.has(file.path)) return `The file ${quoted(file.path)} is there twice.`;
    paths.add(file.path);
  }
  for (const path of paths) {
    const parts = path.split('/');
    for (let end = 1; end < parts.length; end += 1) {
      const folder = parts.slice(0, end).join('/');
      if (paths.has(folder)) return `${quoted(folder)} is both a file and a folder.`;
    }
  }
  if (files.length > KNOW_HOW_LIMITS.maxFiles)
    return `There are ${files.length} files, more than the ${KNOW_HOW_LIMITS.maxFiles} a ${what} may hold.`;
  const bytes = totalBytesOf(files);
  if (bytes > KNOW_HOW_LIMITS.maxBytes)
    return `The files come to ${megabytes(bytes)}, more than the ${megabytes(KNOW_HOW_LIMITS.maxBytes)} a ${what} may hold.`;
  return null;
}

/** The size of all `files` together, in bytes. */
export function totalBytesOf(files: readonly SizedFile[]): number {
  return files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
}

/** Files in path order (code units, the same in every locale). */
export function byPath(first: { path: string }, second: { path: string }): number {
  return first.path < second.path ? -1 : first.path > second.path ? 1 : 0;
}

/** True when both hold the same bytes. */
export function sameBytes(first: Uint8Array, second: Uint8Array): boolean {
  if (first.byteLength !== second.byteLength) return false;
  for (let index = 0; index < first.byteLength; index += 1) if (first[index] !== second[index]) return false;
  return true;
}

/**
 * The entries of a skill's or a project's zip, read with the bundles' hardened reader
 * (sizes, entry count and bombs refused before anything is inflated; `extraEntries` for a
 * manifest), and a reader of one entry's bytes (its own copy, no view of the zip). The
 * reader's refusals say "it" where they would say "this bundle"; `refused` words them.
 */
export function openKnowHowZip(
  bytes: Uint8Array,
  refused: (reason: string) => Error,
  extra: { entries: number; bytes: number } = { entries: 0, bytes: 0 },
): { entries: ZipEntry[]; read: (entry: ZipEntry) => Uint8Array } {
  const worded = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      throw refused(
        error.message
          .replace(/^This is not a Sandpiper bundle: /, '')
          .replace(/this bundle|Sandpiper bundles/gi, 'it'),
      );
    }
  };
  const entries = worded(() =>
    readZipDirectory(bytes, {
      maxBundleBytes: KNOW_HOW_LIMITS.maxBytes * 2,
      maxUnpackedBytes: KNOW_HOW_LIMITS.maxBytes + extra.bytes,
      // Folders may have entries of their own.
      maxEntries: KNOW_HOW_LIMITS.maxFiles * 2 + extra.entries,
    }),
  );
  return { entries, read: (entry) => worded(() => readZipEntry(bytes, entry).slice()) };
}

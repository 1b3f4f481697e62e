import { bundlePathProblem, quoted } from '../bundle/bundle-paths.ts';
import { megabytes, sameBytes } from '../protocol/bytes.ts';
import { KNOW_HOW_LIMITS, type KnowHowFile } from '../protocol/know-how.ts';

export { KNOW_HOW_LIMITS, megabytes, sameBytes };

/**
 * Checks and helpers shared by skills and projects, light enough for the app's first load
 * (their zips are read by `know-how-zip.ts`, loaded when one is).
 */

/** A file as the limits see it: its path and how many bytes it has (read or not yet). */
export type SizedFile = { path: string; bytes: Pick<KnowHowFile['bytes'], 'byteLength'> };

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

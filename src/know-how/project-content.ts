import { normalizeBundlePath, quoted } from '../bundle/bundle-paths.ts';
import type { KnowHowFile } from '../protocol/know-how.ts';

/** What one project may hold: notes, references and examples, not a dataset. */
export const PROJECT_LIMITS = { maxFiles: 500, maxBytes: 20 * 1024 * 1024 } as const;
/** The longest name a project may have, in characters. */
export const PROJECT_NAME_MAX_LENGTH = 80;

/** Why a project (its name, its files, an archive of it) was refused, in words a person can act on. */
export class ProjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectError';
  }
}

const MEGABYTE = 1024 * 1024;

/** A file as the limits see it: its path and how many bytes it has (read or not yet). */
export type SizedFile = { path: string; bytes: Pick<KnowHowFile['bytes'], 'byteLength'> };

/** "1.4 MB" for the limits' messages. */
function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/** Why `name` cannot name a project (empty, too long), or null when it can. Judged trimmed. */
export function projectNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the project a name.';
  if (trimmed.length > PROJECT_NAME_MAX_LENGTH)
    return `The name is ${trimmed.length} characters long; at most ${PROJECT_NAME_MAX_LENGTH} are allowed.`;
  return null;
}

/**
 * Why these files cannot be a project's knowledge files, or null when they can: a path
 * that is not a plain relative one (absolute, "..", a backslash…), the same path twice,
 * more than 500 files or more than 20 MB in all.
 */
export function projectFilesProblem(files: readonly SizedFile[]): string | null {
  const seen = new Set<string>();
  for (const file of files) {
    try {
      normalizeBundlePath(file.path);
    } catch (error) {
      const reason = error instanceof Error ? /\(.*: (.*)\)\.?$/.exec(error.message)?.[1] : undefined;
      return `The file path ${quoted(file.path)} is not allowed${reason ? ` (${reason})` : ''}.`;
    }
    if (seen.has(file.path)) return `The file ${quoted(file.path)} is there twice.`;
    seen.add(file.path);
  }
  if (files.length > PROJECT_LIMITS.maxFiles)
    return `The files number ${files.length}, more than the ${PROJECT_LIMITS.maxFiles} a project may hold.`;
  const bytes = totalBytesOf(files);
  if (bytes > PROJECT_LIMITS.maxBytes)
    return `The files come to ${megabytes(bytes)}, more than the ${megabytes(PROJECT_LIMITS.maxBytes)} a project may hold.`;
  return null;
}

/** The size of all `files` together, in bytes. */
export function totalBytesOf(files: readonly SizedFile[]): number {
  return files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
}

/**
 * `name`, or the first of "name (2)", "name (3)"… that no project in `taken` has (compared
 * without regard to case), shortened so the result stays within the name's limit.
 */
export function uniqueProjectName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((entry) => entry.trim().toLowerCase()));
  const base = name.trim();
  if (!used.has(base.toLowerCase())) return base;
  for (let counter = 2; ; counter++) {
    const suffix = ` (${counter})`;
    const candidate = `${base.slice(0, PROJECT_NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

import { filesProblem, KNOW_HOW_LIMITS, type SizedFile } from './know-how-files.ts';

/** What one project may hold: notes, references and examples, not a dataset. */
export const PROJECT_LIMITS = KNOW_HOW_LIMITS;
/** The longest name a project may have, in characters. */
export const PROJECT_NAME_MAX_LENGTH = 80;

/** Why a project (its name, its files, an archive of it) was refused, in words a person can act on. */
export class ProjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectError';
  }
}

/** Why `name` cannot name a project (empty, too long), or null when it can. Judged trimmed. */
export function projectNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the project a name.';
  // One line: the name heads the project's part of the model's instructions.
  if (/[\r\n\u2028\u2029]/.test(trimmed)) return 'The name must be one line.';
  if (trimmed.length > PROJECT_NAME_MAX_LENGTH)
    return `The name is ${trimmed.length} characters long; at most ${PROJECT_NAME_MAX_LENGTH} are allowed.`;
  return null;
}

/** Why these files cannot be a project's knowledge files (see `filesProblem`), or null when they can. */
export function projectFilesProblem(files: readonly SizedFile[]): string | null {
  return filesProblem(files, 'project');
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

import { projectFilesProblem, projectNameProblem } from '@/shared/know-how/project-content.ts';
import type { KnowHowFile, ProjectRow } from '@/shared/protocol/know-how.ts';

/** What the project editor holds: a new project, or the edits to one, before Save. */
export type ProjectDraft = { name: string; instructions: string; files: KnowHowFile[] };

/** The editor's fields an error can belong to. */
export type ProjectDraftField = 'name' | 'files';

/** A draft's problem, under the field it belongs to. */
export type ProjectDraftProblem = { field: ProjectDraftField; message: string };

/** An empty draft, for "New project". */
export const EMPTY_PROJECT_DRAFT: ProjectDraft = { name: '', instructions: '', files: [] };

/** The draft of an existing project, to edit. */
export function draftOf(project: ProjectRow): ProjectDraft {
  return { name: project.name, instructions: project.instructions, files: [...project.files] };
}

/**
 * The draft's files with `added` joined: a file at a path already there replaces it (the
 * newer pick wins), the rest keep their order and the new ones follow, sorted. Refused
 * (the files as they were, and why) when the result would pass a project's limits or
 * holds a path that is not allowed.
 */
export function withFilesAdded(
  files: readonly KnowHowFile[],
  added: readonly KnowHowFile[],
): { files: KnowHowFile[]; problem: string | null } {
  const incoming = new Map(added.map((file) => [file.path, file]));
  const kept = files.filter((file) => !incoming.has(file.path));
  const joined = [...kept, ...[...incoming.values()].sort((a, b) => a.path.localeCompare(b.path))];
  const problem = projectFilesProblem(joined);
  if (problem) return { files: [...files], problem: `Not added: ${lowerFirst(problem)}` };
  return { files: joined, problem: null };
}

/**
 * Why files picked in the page (path and size, not read yet) cannot join the draft's, or
 * null: checked before reading them, so a huge folder is refused without being read.
 */
export function pickedFilesProblem(
  files: readonly KnowHowFile[],
  picked: readonly { path: string; size: number }[],
): string | null {
  const incoming = new Set(picked.map((file) => file.path));
  const problem = projectFilesProblem([
    ...files.filter((file) => !incoming.has(file.path)),
    ...picked.map((file) => ({ path: file.path, bytes: { byteLength: file.size } })),
  ]);
  return problem && `Not added: ${lowerFirst(problem)}`;
}

/** The draft's files without the one at `path`. */
export function withFileRemoved(files: readonly KnowHowFile[], path: string): KnowHowFile[] {
  return files.filter((file) => file.path !== path);
}

/**
 * The paths files picked in the page go to: a plain pick keeps each file's name, a
 * folder's files keep their path inside it with the folder's own name in front
 * (`notes/a.md`), as `webkitRelativePath` gives it.
 */
export function pickedPath(file: { name: string; webkitRelativePath?: string }): string {
  return file.webkitRelativePath && file.webkitRelativePath !== '' ? file.webkitRelativePath : file.name;
}

/** The first problem that stops the draft from being saved, or null. */
export function draftProblem(draft: ProjectDraft): ProjectDraftProblem | null {
  const nameProblem = projectNameProblem(draft.name);
  if (nameProblem) return { field: 'name', message: nameProblem };
  const filesProblem = projectFilesProblem(draft.files);
  if (filesProblem) return { field: 'files', message: filesProblem };
  return null;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

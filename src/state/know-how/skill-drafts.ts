import { readSkill, type SkillPackage } from '../../know-how/skill-package.ts';
import { type KnowHowFile, SKILL_DRAFTS_ROOT, type SkillRow } from '../../protocol/know-how.ts';
import { WORKSPACE_ROOT } from '../../protocol/workspace.ts';
import type { WorkspaceEntry } from '../workspace/file-tree.ts';
import { hasSameFiles } from './skill-files.ts';

/** The drafts folder as a workspace path (relative to the home folder): `skills-draft`. */
export const DRAFTS_FOLDER = SKILL_DRAFTS_ROOT.slice(WORKSPACE_ROOT.length + 1);

/** A draft's folder and the workspace paths of its files (SKILL.md among them). */
export type DraftFiles = { folder: string; paths: string[] };

/**
 * The skill drafts a workspace listing holds: each folder `skills-draft/<folder>/` with a
 * SKILL.md directly inside, with the paths of every file under it, folders in name order.
 */
export function draftsIn(entries: readonly WorkspaceEntry[]): DraftFiles[] {
  const prefix = `${DRAFTS_FOLDER}/`;
  const byFolder = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.kind !== 'file' || !entry.path.startsWith(prefix)) continue;
    const rest = entry.path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) continue;
    const folder = rest.slice(0, slash);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), entry.path]);
  }
  return [...byFolder]
    .filter(([folder, paths]) => paths.includes(`${prefix}${folder}/SKILL.md`))
    .sort(([first], [second]) => first.localeCompare(second))
    .map(([folder, paths]) => ({ folder, paths: paths.sort() }));
}

/**
 * A key that changes whenever a draft's files change (path, size, time): the drafts are
 * read again only then.
 */
export function draftsKey(entries: readonly WorkspaceEntry[]): string {
  const prefix = `${DRAFTS_FOLDER}/`;
  return entries
    .filter((entry) => entry.kind === 'file' && entry.path.startsWith(prefix))
    .map((entry) => `${entry.path}:${entry.size}:${entry.modifiedAt}`)
    .join('\n');
}

/** A draft as the card shows it: a skill to install (new, or an update of one installed), or why not. */
export type SkillDraft =
  | { folder: string; status: 'ready'; skill: SkillPackage; isUpdate: boolean }
  | { folder: string; status: 'invalid'; reason: string };

/**
 * What to show for a draft whose files were read (`files` keep their workspace paths):
 * null when a skill of its name is installed with exactly these files (nothing to do).
 */
export function draftVerdict(
  folder: string,
  files: readonly KnowHowFile[],
  installed: readonly SkillRow[],
): SkillDraft | null {
  const prefix = `${DRAFTS_FOLDER}/`;
  const relative = files.map((file) => ({ path: file.path.slice(prefix.length), bytes: file.bytes }));
  let skill: SkillPackage;
  try {
    skill = readSkill(relative);
  } catch (error) {
    return { folder, status: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  const current = installed.find((row) => row.name === skill.name);
  if (current && hasSameFiles(current.files, skill.files)) return null;
  return { folder, status: 'ready', skill, isUpdate: current !== undefined };
}

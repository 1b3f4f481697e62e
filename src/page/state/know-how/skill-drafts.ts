import type { SkillPackage } from '@/shared/know-how/skill-package.ts';
import { SKILL_DRAFTS_ROOT } from '@/shared/protocol/know-how.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';
import type { WorkspaceEntry } from '../workspace/file-tree.ts';

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

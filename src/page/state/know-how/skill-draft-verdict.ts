import { readSkill, type SkillPackage } from '@/shared/know-how/skill-package.ts';
import type { KnowHowFile, SkillRow } from '@/shared/protocol/know-how.ts';
import { DRAFTS_FOLDER, type SkillDraft } from './skill-drafts.ts';
import { hasSameFiles } from './skill-rows.ts';

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

import { zipSync } from 'fflate';
import { megabytes } from '@/shared/know-how/know-how-files.ts';
import {
  readSkill,
  SKILL_LIMITS,
  SkillError,
  type SkillPackage,
  zipFiles,
} from '@/shared/know-how/skill-package.ts';
import type { KnowHowFile, SkillRow } from '@/shared/protocol/know-how.ts';
import { SKIPPED_FOLDERS } from '../uploads/folder-tree.ts';
import { looksLikeZip } from './skill-rows.ts';

/** A file as the browser hands it over, with its path inside what was picked (folder name first). */
export type PickedFile = { path: string; file: Blob };

/** Most bytes a zip may have to be read as a skill at all (its entries are checked again once unpacked). */
const MAX_ZIP_BYTES = SKILL_LIMITS.maxBytes * 2;

/** The skill a zip holds; a SkillError says why it is not one. */
export function skillFromZip(bytes: Uint8Array): SkillPackage {
  if (!looksLikeZip(bytes)) throw new SkillError('This file is not a zip.');
  return readSkill(zipFiles(bytes));
}

/** Reads a zip file the person picked into a skill (refused before reading when far too large). */
export async function skillFromZipFile(file: Blob): Promise<SkillPackage> {
  if (file.size > MAX_ZIP_BYTES)
    throw new SkillError(
      `This zip is ${megabytes(file.size)}, more than a skill may hold (${megabytes(SKILL_LIMITS.maxBytes)}).`,
    );
  return skillFromZip(new Uint8Array(await file.arrayBuffer()));
}

/**
 * Reads a picked folder into a skill: folders not worth copying (`.git`, `node_modules`)
 * are left out, and a folder past the limits is refused before its bytes are read.
 */
export async function skillFromFolder(picked: readonly PickedFile[]): Promise<SkillPackage> {
  const kept = picked.filter((entry) => !entry.path.split('/').some((part) => SKIPPED_FOLDERS.has(part)));
  const bytes = kept.reduce((sum, entry) => sum + entry.file.size, 0);
  if (kept.length > SKILL_LIMITS.maxFiles + 1 || bytes > SKILL_LIMITS.maxBytes)
    throw new SkillError(
      `This folder holds ${kept.length} files (${megabytes(bytes)}), more than a skill may (${SKILL_LIMITS.maxFiles} files, ${megabytes(SKILL_LIMITS.maxBytes)}).`,
    );
  const files: KnowHowFile[] = [];
  for (const entry of kept)
    files.push({ path: entry.path, bytes: new Uint8Array(await entry.file.arrayBuffer()) });
  return readSkill(files);
}

/**
 * What a dropped or attached file is, decided from its bytes (never its name): a skill
 * ready to install, a zip holding a SKILL.md that is refused (with the reason), or
 * something else (null).
 */
export type SkillSniff = { kind: 'skill'; skill: SkillPackage } | { kind: 'refused'; reason: string } | null;

/** Sniffs `bytes` as described by `SkillSniff`. */
export function sniffSkill(bytes: Uint8Array): SkillSniff {
  if (!looksLikeZip(bytes) || bytes.byteLength > MAX_ZIP_BYTES) return null;
  let files: KnowHowFile[];
  try {
    files = zipFiles(bytes);
  } catch {
    return null; // Not a zip we can read: an ordinary attachment.
  }
  if (!files.some((file) => /^(?:[^/]+\/)?SKILL\.md$/.test(file.path))) return null;
  try {
    return { kind: 'skill', skill: readSkill(files) };
  } catch (error) {
    return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A skill as a zip of `<name>/…`, the form other apps install (and this one reads back). */
export function skillZip(skill: Pick<SkillRow, 'name' | 'files'>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of skill.files) entries[`${skill.name}/${file.path}`] = file.bytes;
  return zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

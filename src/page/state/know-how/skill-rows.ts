import { sameBytes } from '@/shared/protocol/bytes.ts';
import type { KnowHowFile, SkillRow } from '@/shared/protocol/know-how.ts';

/*
 * What the app needs of skills from its first load: comparing and sizing installed skills,
 * and telling a zip by its first bytes. Reading a skill (YAML, zips) is in `skill-files.ts`,
 * loaded when one is read.
 */

/** True when the bytes start as a zip does (a local file header, or the end record of an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

/** How many files a skill has, and their bytes together. */
export function skillSize(skill: Pick<SkillRow, 'files'>): { files: number; bytes: number } {
  return {
    files: skill.files.length,
    bytes: skill.files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
  };
}

/** True when both hold the same paths with the same bytes. */
export function hasSameFiles(first: readonly KnowHowFile[], second: readonly KnowHowFile[]): boolean {
  if (first.length !== second.length) return false;
  const byPath = new Map(second.map((file) => [file.path, file.bytes]));
  return first.every((file) => {
    const other = byPath.get(file.path);
    return other !== undefined && sameBytes(file.bytes, other);
  });
}

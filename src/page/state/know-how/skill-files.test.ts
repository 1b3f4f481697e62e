import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@/shared/know-how/skill-package.ts';
import { skillFromFolder, skillFromZip, skillFromZipFile, skillZip, sniffSkill } from './skill-files.ts';
import { hasSameFiles, looksLikeZip, skillSize } from './skill-rows.ts';

const MANIFEST = '---\nname: greet\ndescription: Greets people.\nlicense: MIT\n---\nRun scripts/hello.sh\n';
const HELLO = 'echo hello\n';

const greetZip = (top = 'greet/') =>
  zipSync({ [`${top}SKILL.md`]: strToU8(MANIFEST), [`${top}scripts/hello.sh`]: strToU8(HELLO) });

describe('skill files', () => {
  it('reads a zip of the skill folder into its files, relative to the skill', () => {
    const skill = skillFromZip(greetZip());
    expect(skill.name).toBe('greet');
    expect(skill.license).toBe('MIT');
    expect(skill.files.map((file) => file.path)).toEqual(['SKILL.md', 'scripts/hello.sh']);
  });

  it('refuses what is not a zip, and a zip whose SKILL.md has no front matter, saying why', () => {
    expect(() => skillFromZip(strToU8('hello'))).toThrow(SkillError);
    const bare = zipSync({ 'SKILL.md': strToU8('# Greet\n') });
    expect(() => skillFromZip(bare)).toThrow(/front matter/);
  });

  it('refuses a zip file far past the limits before reading it', async () => {
    const huge = { size: 100 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error('read')) } as Blob;
    await expect(skillFromZipFile(huge)).rejects.toThrow(/more than a skill may hold/);
  });

  it('reads a picked folder, leaving .git and node_modules out', async () => {
    const skill = await skillFromFolder([
      { path: 'greet/SKILL.md', file: new Blob([MANIFEST]) },
      { path: 'greet/scripts/hello.sh', file: new Blob([HELLO]) },
      { path: 'greet/.git/HEAD', file: new Blob(['ref']) },
      { path: 'greet/node_modules/x/index.js', file: new Blob(['x']) },
    ]);
    expect(skill.files.map((file) => file.path)).toEqual(['SKILL.md', 'scripts/hello.sh']);
  });

  it('refuses a folder whose name is not the skill’s', async () => {
    await expect(skillFromFolder([{ path: 'greeter/SKILL.md', file: new Blob([MANIFEST]) }])).rejects.toThrow(
      /differs from its folder/,
    );
  });

  it('tells a skill zip from other files by the bytes, and says why a skill is refused', () => {
    expect(sniffSkill(greetZip())).toMatchObject({ kind: 'skill', skill: { name: 'greet' } });
    expect(sniffSkill(zipSync({ 'notes.txt': strToU8('hi') }))).toBeNull();
    expect(sniffSkill(strToU8('PK but not a zip'))).toBeNull();
    expect(sniffSkill(strToU8('%PDF-1.7'))).toBeNull();
    const spaced = zipSync({ 'SKILL.md': strToU8('---\nname: my skill\ndescription: d\n---\n') });
    expect(sniffSkill(spaced)).toEqual({ kind: 'refused', reason: expect.stringMatching(/no spaces/) });
  });

  it('knows a zip by its first bytes', () => {
    expect(looksLikeZip(greetZip())).toBe(true);
    expect(looksLikeZip(zipSync({}))).toBe(true);
    expect(looksLikeZip(strToU8('PK'))).toBe(false);
  });

  it('exports a skill as a zip of <name>/… that reads back the same', () => {
    const skill = skillFromZip(greetZip(''));
    const zip = skillZip(skill);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['greet/SKILL.md', 'greet/scripts/hello.sh']);
    expect(hasSameFiles(skillFromZip(zip).files, skill.files)).toBe(true);
  });

  it('counts files and bytes, and compares files by path and bytes', () => {
    const skill = skillFromZip(greetZip());
    expect(skillSize(skill)).toEqual({ files: 2, bytes: MANIFEST.length + HELLO.length });
    const changed = skill.files.map((file) =>
      file.path === 'scripts/hello.sh' ? { ...file, bytes: strToU8('echo bye\n') } : file,
    );
    expect(hasSameFiles(skill.files, changed)).toBe(false);
    expect(hasSameFiles(skill.files, skill.files.slice(1))).toBe(false);
  });
});

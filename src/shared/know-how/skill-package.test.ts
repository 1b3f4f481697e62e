import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSkill, SkillError, zipFiles } from './skill-package.ts';

const file = (path: string, text: string) => ({ path, bytes: strToU8(text) });
const manifest = (front: string, body = '# Greet\nRun scripts/hello.sh NAME.\n') =>
  `---\n${front}\n---\n${body}`;

describe('readSkill', () => {
  it('reads a zipped skill folder: its front matter, and every file relative to the folder', () => {
    const zip = zipSync({
      'greet/SKILL.md': strToU8(
        manifest(
          'name: greet\ndescription: >\n  Greets someone by name.\n  Use when asked to greet.\nlicense: MIT',
        ),
      ),
      'greet/scripts/hello.sh': strToU8('echo hello $1\n'),
      'greet/': new Uint8Array(),
    });
    const skill = readSkill(zipFiles(zip));
    expect(skill).toMatchObject({
      name: 'greet',
      description: 'Greets someone by name. Use when asked to greet.',
      license: 'MIT',
    });
    expect(skill.files.map((entry) => entry.path)).toEqual(['SKILL.md', 'scripts/hello.sh']);
  });

  it('reads a SKILL.md at the top of what was picked', () => {
    const skill = readSkill([file('SKILL.md', manifest('name: a1\ndescription: One.')), file('ref.md', 'x')]);
    expect(skill.files.map((entry) => entry.path)).toEqual(['SKILL.md', 'ref.md']);
  });

  it.each([
    ['no SKILL.md', [file('README.md', 'hi')], 'There is no SKILL.md'],
    ['no front matter', [file('SKILL.md', '# Greet\nJust text.\n')], 'must start with YAML front matter'],
    [
      'a name with spaces',
      [file('SKILL.md', manifest('name: my skill\ndescription: Greets.'))],
      'The name "my skill" may hold only lowercase letters, digits and hyphens',
    ],
    ['capitals', [file('SKILL.md', manifest('name: Greet\ndescription: Greets.'))], 'only lowercase'],
    ['a leading hyphen', [file('SKILL.md', manifest('name: -greet\ndescription: Greets.'))], 'start or end'],
    ['two hyphens', [file('SKILL.md', manifest('name: a--b\ndescription: Greets.'))], 'two hyphens'],
    ['a long name', [file('SKILL.md', manifest(`name: ${'a'.repeat(65)}\ndescription: Greets.`))], '64'],
    ['no description', [file('SKILL.md', manifest('name: greet'))], 'no `description`'],
    ['an empty description', [file('SKILL.md', manifest("name: greet\ndescription: '  '"))], 'is empty'],
    [
      'a long description',
      [file('SKILL.md', manifest(`name: greet\ndescription: ${'x'.repeat(1025)}`))],
      'longer than 1024',
    ],
    [
      'a long compatibility',
      [file('SKILL.md', manifest(`name: greet\ndescription: d\ncompatibility: ${'x'.repeat(501)}`))],
      'longer than 500',
    ],
    [
      'a file that is also a folder',
      [file('SKILL.md', manifest('name: a\ndescription: d')), file('ref', 'x'), file('ref/inner.md', 'y')],
      '"ref" is both a file and a folder',
    ],
    [
      'an empty compatibility',
      [file('SKILL.md', manifest("name: greet\ndescription: d\ncompatibility: ''"))],
      'The `compatibility` is empty',
    ],
    ['a name that is not text', [file('SKILL.md', manifest('name: 12\ndescription: d'))], 'must be text'],
    ['broken YAML', [file('SKILL.md', manifest('name: [greet\ndescription: d'))], 'not valid YAML'],
    [
      'a repeated key',
      [file('SKILL.md', manifest('name: greet\nname: other\ndescription: d'))],
      'not valid YAML',
    ],
    [
      'a folder of another name',
      [file('hello/SKILL.md', manifest('name: greet\ndescription: d'))],
      'differs from its folder "hello"',
    ],
    [
      'two skills',
      [
        file('a/SKILL.md', manifest('name: a\ndescription: d')),
        file('b/SKILL.md', manifest('name: b\ndescription: d')),
      ],
      'holds 2 skills',
    ],
    [
      'a path that climbs',
      [file('SKILL.md', manifest('name: a\ndescription: d')), file('x/../../etc', 'x')],
      'climbs out',
    ],
  ])('refuses %s, saying why', (_case, files, reason) => {
    expect(() => readSkill(files)).toThrowError(SkillError);
    expect(() => readSkill(files)).toThrowError(reason);
  });

  it('refuses a zip that is not one, in words about the skill', () => {
    expect(() => zipFiles(strToU8('not a zip at all'))).toThrowError(/The zip could not be read/);
  });
});

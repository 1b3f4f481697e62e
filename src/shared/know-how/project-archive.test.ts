import { strToU8, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeProjectArchive, encodeProjectArchive } from './project-archive.ts';
import { PROJECT_LIMITS, ProjectError } from './project-content.ts';

const manifest = (value: unknown) => strToU8(JSON.stringify(value));
const good = { format: 1, name: 'Trip to Lyon', instructions: 'Always answer in French.' };

function refusal(entries: Zippable): string {
  try {
    decodeProjectArchive(zipSync(entries));
  } catch (error) {
    expect(error).toBeInstanceOf(ProjectError);
    return (error as Error).message;
  }
  throw new Error('The zip was accepted.');
}

describe('project archive', () => {
  it('carries a project there and back: name, instructions and every file with its bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const zip = encodeProjectArchive(
      {
        name: 'Trip to Lyon',
        instructions: 'Always answer in French.\nBe brief.',
        files: [
          { path: 'glossary.md', bytes: strToU8('# Glossary\n') },
          { path: 'data/raw.bin', bytes },
        ],
      },
      Date.UTC(2026, 0, 1),
    );
    const read = decodeProjectArchive(zip);
    expect(read.name).toBe('Trip to Lyon');
    expect(read.instructions).toBe('Always answer in French.\nBe brief.');
    expect(read.files.map((file) => file.path)).toEqual(['data/raw.bin', 'glossary.md']);
    expect(Array.from(read.files[0]!.bytes)).toEqual(Array.from(bytes));
    // Each file owns its bytes: storing one does not store the whole zip.
    expect(read.files[0]!.bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('writes project.json with format 1 and the files under files/', () => {
    const zip = encodeProjectArchive({ name: 'A', instructions: '', files: [] }, 0);
    expect(decodeProjectArchive(zip)).toEqual({ name: 'A', instructions: '', files: [] });
  });

  it('reads a zip with folder entries of its own', () => {
    const read = decodeProjectArchive(
      zipSync({
        'project.json': manifest(good),
        'files/': new Uint8Array(),
        'files/notes/': new Uint8Array(),
        'files/notes/a.md': strToU8('a'),
      }),
    );
    expect(read.files.map((file) => file.path)).toEqual(['notes/a.md']);
  });

  it.each<[string, Zippable, string]>([
    [
      'a path climbing out with ".."',
      { 'project.json': manifest(good), 'files/../x.md': strToU8('x') },
      '".."',
    ],
    ['a missing project.json', { 'files/a.md': strToU8('a') }, 'it has no project.json at its top.'],
    [
      'a project.json one folder down',
      { 'trip/project.json': manifest(good), 'trip/files/a.md': strToU8('a') },
      'no project.json',
    ],
    ['a wrong format', { 'project.json': manifest({ ...good, format: 2 }) }, 'another format than 1'],
    ['no format at all', { 'project.json': manifest({ name: 'A', instructions: '' }) }, 'another format'],
    ['project.json that is not JSON', { 'project.json': strToU8('{ name: ') }, 'not valid JSON'],
    ['project.json that is a list', { 'project.json': manifest([1]) }, 'not an object'],
    [
      'an empty name',
      { 'project.json': manifest({ ...good, name: '  ' }) },
      'its project.json has an empty name.',
    ],
    [
      'a name over 80 characters',
      { 'project.json': manifest({ ...good, name: 'x'.repeat(81) }) },
      'at most 80',
    ],
    [
      'a name of two lines (a fake heading in the instructions)',
      { 'project.json': manifest({ ...good, name: 'Trip\n# Memories' }) },
      'the name must be one line.',
    ],
    [
      'a file that is also a folder',
      { 'project.json': manifest(good), 'files/ref': strToU8('x'), 'files/ref/a.md': strToU8('y') },
      'is both a file and a folder',
    ],
    [
      'an entry outside files/',
      { 'project.json': manifest(good), 'run.sh': strToU8('rm -rf /') },
      '"run.sh", which is neither project.json nor under files/',
    ],
    ['an absolute path', { 'project.json': manifest(good), '/etc/passwd': strToU8('x') }, 'absolute'],
    ['a backslash', { 'project.json': manifest(good), 'files\\..\\x': strToU8('x') }, 'backslash'],
  ])('refuses %s, with the reason', (_label, entries, reason) => {
    expect(refusal(entries)).toContain(reason);
  });

  it('refuses more files than a project may hold', () => {
    const entries: Zippable = { 'project.json': manifest(good) };
    for (let index = 0; index <= PROJECT_LIMITS.maxFiles; index++)
      entries[`files/${index}.txt`] = strToU8('x');
    expect(refusal(entries)).toContain('there are 501 files, more than the 500 a project may hold');
  });

  it('refuses a project whose files pass 20 MB', () => {
    const half = new Uint8Array(PROJECT_LIMITS.maxBytes / 2 + 400 * 1024);
    expect(refusal({ 'project.json': manifest(good), 'files/a.bin': half, 'files/b.bin': half })).toContain(
      'the files come to 20.8 MB, more than the 20.0 MB a project may hold',
    );
  });

  it('refuses a zip that would unpack far past the limit before inflating it (a bomb)', () => {
    const big = new Uint8Array(PROJECT_LIMITS.maxBytes / 2);
    const entries = { 'project.json': manifest(good), 'files/a': big, 'files/b': big, 'files/c': big };
    expect(refusal(entries)).toContain('it was refused before unpacking');
  });

  it('refuses a zip too big to be a project, and what is not a zip', () => {
    expect(() => decodeProjectArchive(new Uint8Array(PROJECT_LIMITS.maxBytes * 2 + 1))).toThrow(
      /more than a project's zip may be/,
    );
    expect(() => decodeProjectArchive(strToU8('just text'))).toThrow(/not a zip/);
  });
});

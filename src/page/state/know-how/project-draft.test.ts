import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  draftProblem,
  pickedFilesProblem,
  pickedPath,
  withFileRemoved,
  withFilesAdded,
} from './project-draft.ts';

const file = (path: string, size = 1) => ({ path, bytes: new Uint8Array(size) });
const paths = (files: readonly { path: string }[]) => files.map((entry) => entry.path);

describe('the project editor draft', () => {
  it('adds files after those there, sorted, a newer pick at the same path replacing the older', () => {
    const first = withFilesAdded([], [file('b.md'), file('a.md')]);
    expect(first.problem).toBeNull();
    expect(paths(first.files)).toEqual(['a.md', 'b.md']);
    const second = withFilesAdded(first.files, [{ path: 'a.md', bytes: strToU8('newer') }, file('c.md')]);
    expect(paths(second.files)).toEqual(['b.md', 'a.md', 'c.md']);
    expect(new TextDecoder().decode(second.files[1]!.bytes)).toBe('newer');
  });

  it('refuses files past 500 or 20 MB with the reason, keeping the files as they were', () => {
    const many = Array.from({ length: 500 }, (_, index) => file(`${index}.txt`));
    const refusedCount = withFilesAdded(many, [file('one-more.txt')]);
    expect(refusedCount.problem).toBe(
      'Not added: there are 501 files, more than the 500 a project may hold.',
    );
    expect(refusedCount.files).toHaveLength(500);
    const refusedSize = withFilesAdded([file('a.bin', 15 * 1024 * 1024)], [file('b.bin', 6 * 1024 * 1024)]);
    expect(refusedSize.problem).toBe(
      'Not added: the files come to 21.0 MB, more than the 20.0 MB a project may hold.',
    );
    expect(paths(refusedSize.files)).toEqual(['a.bin']);
  });

  it('refuses picked files by their sizes before they are read, a replaced file not counted twice', () => {
    const existing = [file('a.bin', 15 * 1024 * 1024)];
    expect(pickedFilesProblem(existing, [{ path: 'a.bin', size: 19 * 1024 * 1024 }])).toBeNull();
    expect(pickedFilesProblem(existing, [{ path: 'b.bin', size: 6 * 1024 * 1024 }])).toBe(
      'Not added: the files come to 21.0 MB, more than the 20.0 MB a project may hold.',
    );
  });

  it('refuses a path that climbs out', () => {
    expect(withFilesAdded([], [file('../secret')]).problem).toContain('climbs out');
  });

  it('removes one file by path', () => {
    expect(paths(withFileRemoved([file('a'), file('b')], 'a'))).toEqual(['b']);
  });

  it('keeps a folder’s files under the folder’s name', () => {
    expect(pickedPath({ name: 'a.md', webkitRelativePath: 'notes/a.md' })).toBe('notes/a.md');
    expect(pickedPath({ name: 'a.md', webkitRelativePath: '' })).toBe('a.md');
  });

  it('wants a name of at most 80 characters', () => {
    const draft = { name: '  ', instructions: '', files: [] };
    expect(draftProblem(draft)).toEqual({ field: 'name', message: 'Give the project a name.' });
    expect(draftProblem({ ...draft, name: 'x'.repeat(81) })?.message).toContain('at most 80');
    expect(draftProblem({ ...draft, name: `  ${'x'.repeat(80)}  ` })).toBeNull();
  });
});

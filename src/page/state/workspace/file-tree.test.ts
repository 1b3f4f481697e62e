import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  buildFileTree,
  initiallyExpanded,
  visibleRows,
  type WorkspaceEntry,
} from './file-tree.ts';

const file = (path: string, size: number): WorkspaceEntry => ({ path, kind: 'file', size, modifiedAt: 1 });
const folder = (path: string): WorkspaceEntry => ({ path, kind: 'directory', size: 0, modifiedAt: 1 });

describe('buildFileTree', () => {
  const tree = buildFileTree([
    file('zeta.txt', 5),
    file('notes/todo.md', 10),
    file('notes/archive/old.md', 7),
    folder('empty'),
    file('.sandpiper/outputs/1.stdout.txt', 100),
    file('Alpha.txt', 1),
    file('file10.txt', 1),
    file('file2.txt', 1),
  ]);

  it('puts folders first, then names in natural order, and adds implied folders', () => {
    expect(tree.map((node) => node.name)).toEqual([
      '.sandpiper',
      'empty',
      'notes',
      'Alpha.txt',
      'file2.txt',
      'file10.txt',
      'zeta.txt',
    ]);
    const notes = tree.find((node) => node.name === 'notes');
    expect(notes?.children.map((node) => node.path)).toEqual(['notes/archive', 'notes/todo.md']);
  });

  it('gives each folder the total size of the files below it', () => {
    expect(tree.find((node) => node.name === 'notes')?.size).toBe(17);
    expect(tree.find((node) => node.name === 'empty')?.size).toBe(0);
    expect(tree.find((node) => node.name === '.sandpiper')?.size).toBe(100);
  });

  it('shows the children of open folders only, with level and position', () => {
    const rows = visibleRows(tree, new Set(['notes']));
    expect(rows.map((row) => `${row.level}:${row.node.path}`)).toEqual([
      '1:.sandpiper',
      '1:empty',
      '1:notes',
      '2:notes/archive',
      '2:notes/todo.md',
      '1:Alpha.txt',
      '1:file2.txt',
      '1:file10.txt',
      '1:zeta.txt',
    ]);
    expect(rows[4]).toMatchObject({ position: 2, siblingCount: 2, parentPath: 'notes' });
  });

  it('opens every folder but hidden ones at first, and none in a large workspace', () => {
    expect([...initiallyExpanded(tree, 8)].sort()).toEqual(['empty', 'notes', 'notes/archive']);
    expect(initiallyExpanded(tree, 5000).size).toBe(0);
  });
});

describe('ancestorsOf', () => {
  it('lists the folders containing a path, outermost first', () => {
    expect(ancestorsOf('a/b/c.txt')).toEqual(['a', 'a/b']);
    expect(ancestorsOf('top.txt')).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import { exclusionGlobs, fromFileSystemTree, toFileSystemTree } from './mount-tree.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

it('builds the mount tree from flat entries and flattens an exported tree back, without excluded names', () => {
  const tree = toFileSystemTree([
    { path: 'src/main.ts', kind: 'file', content: bytes('main') },
    { path: 'empty', kind: 'directory', content: new Uint8Array(0) },
  ]);
  expect(tree).toEqual({
    src: { directory: { 'main.ts': { file: { contents: bytes('main') } } } },
    empty: { directory: {} },
  });
  const exported = {
    ...tree,
    'logo.png': { file: { contents: new Uint8Array([137, 80]) } },
    'README.md': { file: { contents: '# Hi' } },
    link: { file: { symlink: 'README.md' } },
    node_modules: { directory: { a: { file: { contents: 'x' } } } },
    '.npm': { directory: {} },
    app: { directory: { node_modules: { directory: {} }, '.npm': { directory: {} } } },
  };
  const exclusions = { namesAnywhere: ['node_modules'], namesAtRoot: ['.npm'] };
  expect(
    fromFileSystemTree(exported, exclusions).map((entry) => [entry.path, entry.kind, entry.content.length]),
  ).toEqual([
    ['README.md', 'file', 4],
    ['app', 'directory', 0],
    ['app/.npm', 'directory', 0],
    ['empty', 'directory', 0],
    ['logo.png', 'file', 2],
    ['src', 'directory', 0],
    ['src/main.ts', 'file', 4],
  ]);
  expect(exclusionGlobs(exclusions)).toEqual(['node_modules/**', '**/node_modules/**', '.npm/**']);
});

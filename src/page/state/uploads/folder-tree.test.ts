import { describe, expect, it } from 'vitest';
import { isSingleFolder, progressLine, totalBytes } from './attachments-store.ts';
import { type FolderNode, flattenFolder } from './folder-tree.ts';

const file = (name: string, size = 1): FolderNode => ({
  kind: 'file',
  name,
  file: async () => ({ name, size }) as File,
});
const folder = (name: string, children: FolderNode[]): FolderNode => ({
  kind: 'directory',
  name,
  children: async () => children,
});

describe('folder tree flattening', () => {
  it('lists every file with its path from the folder, in name order, depth first', async () => {
    const tree = folder('project', [
      file('README.md'),
      folder('src', [file('main.ts'), folder('lib', [file('util.ts')])]),
      file('package.json'),
    ]);
    const { files, skippedFolders } = await flattenFolder(tree);
    expect(files.map((entry) => entry.path)).toEqual([
      'project/package.json',
      'project/README.md',
      'project/src/lib/util.ts',
      'project/src/main.ts',
    ]);
    expect(skippedFolders).toEqual([]);
  });

  it('leaves out .git and node_modules inside the folder and says which', async () => {
    const tree = folder('app', [
      folder('.git', [file('HEAD')]),
      folder('node_modules', [folder('left-pad', [file('index.js')])]),
      file('index.js'),
    ]);
    const { files, skippedFolders } = await flattenFolder(tree);
    expect(files.map((entry) => entry.path)).toEqual(['app/index.js']);
    expect(skippedFolders).toEqual(['app/.git', 'app/node_modules']);
  });

  it('is the file itself for a single file', async () => {
    expect((await flattenFolder(file('a.txt'))).files.map((entry) => entry.path)).toEqual(['a.txt']);
  });
});

describe('a dropped project', () => {
  it('is one folder and nothing else', () => {
    expect(isSingleFolder(['app/a.js', 'app/src/b.js'])).toBe(true);
    expect(isSingleFolder(['app/a.js', 'other/b.js'])).toBe(false);
    expect(isSingleFolder(['app/a.js', 'loose.txt'])).toBe(false);
    expect(isSingleFolder([])).toBe(false);
  });
});

describe('upload progress', () => {
  const format = (bytes: number) => `${bytes} B`;

  it('tells bytes read and the percentage, then the saving step', () => {
    expect(totalBytes([{ file: { size: 3 } }, { file: { size: 4 } }])).toBe(7);
    expect(progressLine({ phase: 'reading', doneBytes: 25, totalBytes: 100, files: 3 }, format)).toBe(
      'Reading 3 files… 25 B of 100 B (25%)',
    );
    expect(progressLine({ phase: 'sending', doneBytes: 100, totalBytes: 100, files: 1 }, format)).toBe(
      'Saving 1 file (100 B) to the workspace…',
    );
  });
});

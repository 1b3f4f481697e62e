import type { DirectoryNode, FileSystemTree } from '@webcontainer/api';
import type { SnapshotExclusions, TreeEntry } from '@/shared/protocol/node-runtime-messages.ts';

/** Builds the tree `WebContainer.mount` takes from flat entries (parents are created as needed). */
export function toFileSystemTree(entries: TreeEntry[]): FileSystemTree {
  const root: FileSystemTree = {};
  for (const entry of entries) {
    const names = entry.path.split('/').filter((name) => name !== '');
    const last = names.pop();
    if (last === undefined) continue;
    let directory = root;
    for (const name of names) directory = directoryIn(directory, name);
    if (entry.kind === 'directory') directoryIn(directory, last);
    else directory[last] = { file: { contents: entry.content } };
  }
  return root;
}

/**
 * Flattens a tree from `WebContainer.export` into entries with paths relative to its
 * root, parents before children, leaving out symlinks and the excluded names. Text
 * contents (export gives strings for text files) are encoded as UTF-8.
 */
export function fromFileSystemTree(tree: FileSystemTree, exclusions: SnapshotExclusions): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const encoder = new TextEncoder();
  const walk = (directory: FileSystemTree, prefix: string) => {
    for (const name of Object.keys(directory).sort()) {
      const node = directory[name];
      if (!node || isExcluded(name, prefix === '', exclusions)) continue;
      const path = `${prefix}${name}`;
      if ('directory' in node) {
        entries.push({ path, kind: 'directory', content: new Uint8Array(0) });
        walk(node.directory, `${path}/`);
      } else if ('contents' in node.file) {
        const { contents } = node.file;
        const content = typeof contents === 'string' ? encoder.encode(contents) : contents;
        entries.push({ path, kind: 'file', content });
      }
    }
  };
  walk(tree, '');
  return entries;
}

/** Export glob patterns for the exclusions (the entries are filtered again after export). */
export function exclusionGlobs(exclusions: SnapshotExclusions): string[] {
  return [
    ...exclusions.namesAnywhere.flatMap((name) => [`${name}/**`, `**/${name}/**`]),
    ...exclusions.namesAtRoot.map((name) => `${name}/**`),
  ];
}

function isExcluded(name: string, isAtRoot: boolean, exclusions: SnapshotExclusions): boolean {
  return exclusions.namesAnywhere.includes(name) || (isAtRoot && exclusions.namesAtRoot.includes(name));
}

function directoryIn(tree: FileSystemTree, name: string): FileSystemTree {
  const existing = tree[name];
  if (existing && 'directory' in existing) return existing.directory;
  const created: DirectoryNode = { directory: {} };
  tree[name] = created;
  return created.directory;
}

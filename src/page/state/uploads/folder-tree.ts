/** A file found in a picked or dropped folder, with its path inside the folder (folder name first). */
export type FoundFile = { path: string; file: File };

/** One node of a folder as the browser hands it over (drop entries and directory handles alike). */
export type FolderNode =
  | { kind: 'file'; name: string; file: () => Promise<File> }
  | { kind: 'directory'; name: string; children: () => Promise<FolderNode[]> };

/** Folders never copied from a person's project: version control and installed packages (re-creatable, huge). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Files found under a node, and how many folders were skipped on the way. */
export type FlattenedFolder = { files: FoundFile[]; skippedFolders: string[] };

/**
 * Every file under `node`, depth first in name order, each with its path from the node
 * (`project/src/main.ts`); folders named in `SKIPPED_FOLDERS` are left out and reported.
 */
export async function flattenFolder(node: FolderNode, parent = ''): Promise<FlattenedFolder> {
  const path = parent === '' ? node.name : `${parent}/${node.name}`;
  if (node.kind === 'file') return { files: [{ path, file: await node.file() }], skippedFolders: [] };
  if (SKIPPED_FOLDERS.has(node.name) && parent !== '') return { files: [], skippedFolders: [path] };
  const result: FlattenedFolder = { files: [], skippedFolders: [] };
  const children = [...(await node.children())].sort((first, second) =>
    first.name.localeCompare(second.name),
  );
  for (const child of children) {
    const inner = await flattenFolder(child, path);
    result.files.push(...inner.files);
    result.skippedFolders.push(...inner.skippedFolders);
  }
  return result;
}

/** A dropped entry (`DataTransferItem.webkitGetAsEntry()`) as a folder node. */
export function nodeFromEntry(entry: FileSystemEntry): FolderNode {
  if (entry.isFile) {
    const fileEntry = entry as FileSystemFileEntry;
    return {
      kind: 'file',
      name: entry.name,
      file: () => new Promise<File>((resolve, reject) => fileEntry.file(resolve, reject)),
    };
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  return { kind: 'directory', name: entry.name, children: () => readAllEntries(reader) };
}

/** A directory handle (`showDirectoryPicker`, `getAsFileSystemHandle`) as a folder node. */
export function nodeFromHandle(handle: FileSystemHandle): FolderNode {
  if (handle.kind === 'file') {
    return { kind: 'file', name: handle.name, file: () => (handle as FileSystemFileHandle).getFile() };
  }
  const directory = handle as FileSystemDirectoryHandle & {
    values(): AsyncIterable<FileSystemHandle>;
  };
  return {
    kind: 'directory',
    name: handle.name,
    children: async () => {
      const nodes: FolderNode[] = [];
      for await (const child of directory.values()) nodes.push(nodeFromHandle(child));
      return nodes;
    },
  };
}

/** `readEntries` hands entries over in batches (100 in Chromium): read until an empty one. */
async function readAllEntries(reader: FileSystemDirectoryReader): Promise<FolderNode[]> {
  const nodes: FolderNode[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return nodes;
    nodes.push(...batch.map(nodeFromEntry));
  }
}

/**
 * The files a drop carries: plain files as they are, folders walked whole. Entries are
 * taken synchronously (a DataTransfer empties once the drop handler returns).
 */
export async function filesFromDrop(items: DataTransferItemList): Promise<FlattenedFolder> {
  const nodes: FolderNode[] = [];
  const loose: File[] = [];
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) nodes.push(nodeFromEntry(entry));
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  const result: FlattenedFolder = {
    files: loose.map((file) => ({ path: file.name, file })),
    skippedFolders: [],
  };
  for (const node of nodes) {
    const inner = await flattenFolder(node);
    result.files.push(...inner.files);
    result.skippedFolders.push(...inner.skippedFolders);
  }
  return result;
}

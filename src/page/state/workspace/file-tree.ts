/** A workspace entry without its bytes: what the file tree needs. */
export type WorkspaceEntry = {
  path: string;
  kind: 'file' | 'directory';
  size: number;
  modifiedAt: number;
};

/** A folder or file of the tree; a folder's size is the sum of the files under it. */
export type TreeNode = {
  name: string;
  path: string;
  kind: 'file' | 'directory';
  size: number;
  modifiedAt: number;
  children: TreeNode[];
};

/** One visible row of the tree, with what `role="treeitem"` needs. */
export type TreeRow = {
  node: TreeNode;
  level: number;
  /** 1-based position among its siblings, and their count. */
  position: number;
  siblingCount: number;
  parentPath: string | null;
};

function byFoldersThenName(first: TreeNode, second: TreeNode): number {
  if (first.kind !== second.kind) return first.kind === 'directory' ? -1 : 1;
  return first.name.localeCompare(second.name, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The tree of a workspace's entries, folders first, then by name. Folders that exist only
 * as the parent of a file are added; folder sizes add up the files below them.
 */
export function buildFileTree(entries: readonly WorkspaceEntry[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', kind: 'directory', size: 0, modifiedAt: 0, children: [] };
  const folders = new Map<string, TreeNode>([['', root]]);

  function folderAt(path: string): TreeNode {
    const existing = folders.get(path);
    if (existing) return existing;
    const slash = path.lastIndexOf('/');
    const parent = folderAt(slash < 0 ? '' : path.slice(0, slash));
    const folder: TreeNode = {
      name: path.slice(slash + 1),
      path,
      kind: 'directory',
      size: 0,
      modifiedAt: 0,
      children: [],
    };
    parent.children.push(folder);
    folders.set(path, folder);
    return folder;
  }

  for (const entry of entries) {
    if (entry.kind === 'directory') {
      folderAt(entry.path).modifiedAt = entry.modifiedAt;
      continue;
    }
    const slash = entry.path.lastIndexOf('/');
    folderAt(slash < 0 ? '' : entry.path.slice(0, slash)).children.push({
      name: entry.path.slice(slash + 1),
      path: entry.path,
      kind: 'file',
      size: entry.size,
      modifiedAt: entry.modifiedAt,
      children: [],
    });
  }

  function finish(node: TreeNode): number {
    node.children.sort(byFoldersThenName);
    if (node.kind === 'file') return node.size;
    node.size = node.children.reduce((sum, child) => sum + finish(child), 0);
    return node.size;
  }
  finish(root);
  return root.children;
}

/** The rows a person sees: every node whose ancestors are all in `expanded`, in order. */
export function visibleRows(nodes: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  function walk(children: readonly TreeNode[], level: number, parentPath: string | null): void {
    children.forEach((node, index) => {
      rows.push({ node, level, position: index + 1, siblingCount: children.length, parentPath });
      if (node.kind === 'directory' && expanded.has(node.path)) walk(node.children, level + 1, node.path);
    });
  }
  walk(nodes, 1, null);
  return rows;
}

/** Most entries for which every (non-hidden) folder starts open. */
const OPEN_ALL_LIMIT = 200;

/**
 * The folders open when the tree is first shown: all but hidden (dot) folders and what
 * lies under them, unless the workspace is large, in which case none.
 */
export function initiallyExpanded(nodes: readonly TreeNode[], entryCount: number): Set<string> {
  const expanded = new Set<string>();
  if (entryCount > OPEN_ALL_LIMIT) return expanded;
  function walk(children: readonly TreeNode[]): void {
    for (const node of children) {
      if (node.kind !== 'directory' || node.name.startsWith('.')) continue;
      expanded.add(node.path);
      walk(node.children);
    }
  }
  walk(nodes);
  return expanded;
}

/** The folders that contain `path` (so opening a file can reveal it in the tree). */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

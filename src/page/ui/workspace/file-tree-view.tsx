import { type Accessor, createMemo, Index, type Setter } from 'solid-js';
import { type TreeNode, type TreeRow, visibleRows } from '../../state/workspace/file-tree.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * The workspace as an ARIA tree (one tab stop): Up/Down move, Right opens a folder or
 * enters it, Left closes it or goes to its parent, Home/End jump, Enter or Space opens a
 * file or toggles a folder. Folders show the total size of what they hold.
 */
export function FileTreeView(props: {
  nodes: TreeNode[];
  expanded: Accessor<ReadonlySet<string>>;
  setExpanded: Setter<ReadonlySet<string>>;
  focusedPath: Accessor<string | null>;
  setFocusedPath: Setter<string | null>;
  onOpen: (path: string) => void;
}) {
  let tree!: HTMLDivElement;
  const rows = createMemo(() => visibleRows(props.nodes, props.expanded()));
  const tabStop = createMemo(() => {
    const focused = props.focusedPath();
    return rows().some((row) => row.node.path === focused) ? focused : (rows()[0]?.node.path ?? null);
  });

  function setOpen(path: string, isOpen: boolean): void {
    props.setExpanded((current) => {
      const next = new Set(current);
      if (isOpen) next.add(path);
      else next.delete(path);
      return next;
    });
  }

  function focusRow(path: string): void {
    props.setFocusedPath(path);
    queueMicrotask(() => {
      const element = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')].find(
        (item) => item.dataset.path === path,
      );
      element?.focus();
      element?.scrollIntoView({ block: 'nearest' });
    });
  }

  function activate(row: TreeRow): void {
    props.setFocusedPath(row.node.path);
    if (row.node.kind === 'directory') setOpen(row.node.path, !props.expanded().has(row.node.path));
    else props.onOpen(row.node.path);
  }

  function onKeyDown(event: KeyboardEvent, row: TreeRow, index: number): void {
    const list = rows();
    const isFolder = row.node.kind === 'directory';
    const isOpen = props.expanded().has(row.node.path);
    let target: string | null | undefined;
    switch (event.key) {
      case 'ArrowDown':
        target = list[index + 1]?.node.path;
        break;
      case 'ArrowUp':
        target = list[index - 1]?.node.path;
        break;
      case 'Home':
        target = list[0]?.node.path;
        break;
      case 'End':
        target = list.at(-1)?.node.path;
        break;
      case 'ArrowRight':
        if (isFolder && !isOpen) setOpen(row.node.path, true);
        else if (isFolder) target = row.node.children[0]?.path;
        break;
      case 'ArrowLeft':
        if (isFolder && isOpen) setOpen(row.node.path, false);
        else target = row.parentPath;
        break;
      case 'Enter':
      case ' ':
        activate(row);
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target) focusRow(target);
  }

  return (
    <div ref={tree} class="file-tree" role="tree" aria-label="Workspace files">
      <Index each={rows()}>
        {(row, index) => {
          const isFolder = () => row().node.kind === 'directory';
          const isOpen = () => isFolder() && props.expanded().has(row().node.path);
          return (
            <div
              role="treeitem"
              class="tree-row"
              classList={{ 'is-folder': isFolder() }}
              data-path={row().node.path}
              aria-level={row().level}
              aria-setsize={row().siblingCount}
              aria-posinset={row().position}
              aria-expanded={isFolder() ? isOpen() : undefined}
              tabIndex={tabStop() === row().node.path ? 0 : -1}
              style={{ '--level': row().level - 1 }}
              onClick={() => activate(row())}
              onFocus={() => props.setFocusedPath(row().node.path)}
              onKeyDown={(event) => onKeyDown(event, row(), index)}
            >
              <span class="tree-chevron" aria-hidden="true">
                {isFolder() ? <Icon name={isOpen() ? 'chevron-down' : 'chevron-right'} size={12} /> : null}
              </span>
              <Icon name={isFolder() ? 'folder' : 'file'} class="tree-icon" size={14} />
              {/* The name read out is the visible text, with what kind of entry it is between. */}
              <span class="tree-name">
                {row().node.name}
                <span class="visually-hidden">, {isFolder() ? 'folder' : 'file'},</span>
              </span>
              <span class="tree-size">{formatBytes(row().node.size)}</span>
            </div>
          );
        }}
      </Index>
    </div>
  );
}

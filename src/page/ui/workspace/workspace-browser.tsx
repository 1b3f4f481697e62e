import { createEffect, createMemo, createSignal, Match, on, onCleanup, Show, Switch } from 'solid-js';
import { ancestorsOf, buildFileTree, initiallyExpanded } from '../../state/workspace/file-tree.ts';
import { archiveName, zipWorkspace } from '../../state/workspace/workspace-archive.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { FileTreeView } from './file-tree-view.tsx';
import { FileViewer } from './file-viewer.tsx';

/**
 * The Files tab: the open conversation's workspace as a tree (kept current as actions
 * finish), a download of the whole workspace as a zip, and the file view for an opened file.
 */
export function WorkspaceBrowser() {
  const { workspace, thread, ui, attempt } = useApp();
  onCleanup(workspace.watch());

  const nodes = createMemo(() => buildFileTree(workspace.state.entries));
  const fileCount = () => workspace.state.entries.filter((entry) => entry.kind === 'file').length;
  const totalBytes = () => nodes().reduce((sum, node) => sum + node.size, 0);
  const [expanded, setExpanded] = createSignal<ReadonlySet<string>>(new Set());
  const [focusedPath, setFocusedPath] = createSignal<string | null>(null);
  const [isZipping, setZipping] = createSignal(false);

  // Folders open the first time they are seen (unless hidden or the workspace is large);
  // after that they stay as the person left them.
  const seenFolders = new Set<string>();
  createEffect(() => {
    if (workspace.state.load !== 'ready') {
      // A listing that is not ready is another conversation's, or the first read: start over.
      seenFolders.clear();
      setExpanded(new Set<string>());
      return;
    }
    const opened = initiallyExpanded(nodes(), workspace.state.entries.length);
    const fresh = [...opened].filter((path) => !seenFolders.has(path));
    for (const entry of workspace.state.entries) {
      if (entry.kind === 'directory') seenFolders.add(entry.path);
    }
    for (const path of opened) seenFolders.add(path);
    if (fresh.length > 0) setExpanded((current) => new Set([...current, ...fresh]));
  });

  createEffect(
    on(ui.openedFile, (file) => {
      if (!file) return;
      setFocusedPath(file.path);
      setExpanded((current) => new Set([...current, ...ancestorsOf(file.path)]));
    }),
  );

  async function downloadZip(): Promise<void> {
    setZipping(true);
    try {
      await attempt(async () => {
        const files = await workspace.readAll();
        const zip = await zipWorkspace(files);
        downloadBytes(zip, archiveName(thread.state.conversation?.title), 'application/zip');
      }, 'Could not make the zip');
    } finally {
      setZipping(false);
    }
  }

  function backToTree(): void {
    const path = ui.openedFile()?.path;
    ui.closeFile();
    queueMicrotask(() => {
      const row = [...document.querySelectorAll<HTMLElement>('.file-tree [role="treeitem"]')].find(
        (element) => element.dataset.path === path,
      );
      row?.focus();
    });
  }

  return (
    <Show
      when={ui.openedFile()}
      fallback={
        <div class="workspace-browser">
          <div class="view-toolbar">
            <span class="view-toolbar-note" aria-live="polite">
              {workspace.state.load === 'ready'
                ? `${fileCount()} file${fileCount() === 1 ? '' : 's'} · ${formatBytes(totalBytes())}`
                : ''}
            </span>
            <button
              type="button"
              class="button small"
              disabled={isZipping() || fileCount() === 0}
              onClick={() => void downloadZip()}
            >
              <Icon name="download" size={14} />
              {isZipping() ? 'Preparing zip…' : 'Download .zip'}
            </button>
          </div>
          <Switch>
            <Match when={workspace.state.load === 'failed'}>
              <div class="view-message is-error" role="alert">
                <p>Could not read the workspace: {workspace.state.error}</p>
                <button type="button" class="button small" onClick={() => void workspace.refresh()}>
                  Try again
                </button>
              </div>
            </Match>
            <Match when={workspace.state.load !== 'ready'}>
              <p class="view-message">Reading the workspace…</p>
            </Match>
            <Match when={workspace.state.entries.length === 0}>
              <div class="view-message">
                <Icon name="folder" size={24} />
                <p>
                  No files yet. What the agent writes under /home/ubuntu shows up here, and stays after a
                  reload.
                </p>
              </div>
            </Match>
            <Match when={true}>
              <FileTreeView
                nodes={nodes()}
                expanded={expanded}
                setExpanded={setExpanded}
                focusedPath={focusedPath}
                setFocusedPath={setFocusedPath}
                onOpen={(path) => ui.openFile(path)}
              />
            </Match>
          </Switch>
        </div>
      }
    >
      {(file) => (
        <div class="workspace-browser">
          <FileViewer path={file().path} line={file().line} onBack={backToTree} />
        </div>
      )}
    </Show>
  );
}

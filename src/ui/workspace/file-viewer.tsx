import { createMemo, createResource, Match, onCleanup, onMount, Show, Switch } from 'solid-js';
import { baseName } from '../../protocol/workspace.ts';
import { mimeForPath, previewFile } from '../../state/workspace/file-preview.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { PreviewBody } from './file-previews.tsx';

/**
 * A workspace file's current version (read from IndexedDB): text with highlighting and
 * line numbers, an image, or a note for binary files; with its size and a download button.
 * It re-reads the file when the workspace listing shows it changed.
 */
export function FileViewer(props: {
  path: string;
  line: number | null;
  onBack?: () => void;
  /** Markdown shown as source first (the view of an action that edits it). */
  prefersSource?: boolean;
}) {
  const { workspace } = useApp();
  onCleanup(workspace.watch());
  let backButton: HTMLButtonElement | undefined;
  // Opened from the tree or a search result, whose button has just gone: keep focus here.
  onMount(() => {
    if (document.activeElement === document.body || document.activeElement === null) backButton?.focus();
  });

  const version = createMemo(() => {
    const entry = workspace.entryAt(props.path);
    return entry ? `${entry.modifiedAt}:${entry.size}` : workspace.state.load;
  });
  const [file, { refetch }] = createResource(
    () => ({ path: props.path, version: version() }),
    ({ path }) => workspace.readFile(path),
  );
  const current = () => (file.state === 'errored' ? undefined : file.latest);
  const preview = createMemo(() => {
    const shown = current();
    return shown ? previewFile(props.path, shown.content) : null;
  });

  function download(): void {
    const shown = current();
    if (shown) downloadBytes(shown.content, baseName(props.path), mimeForPath(props.path));
  }

  return (
    <section class="file-viewer" aria-label={`File ${props.path}`}>
      <header class="file-header">
        <Show when={props.onBack}>
          {(back) => (
            <button
              ref={backButton}
              type="button"
              class="icon-button"
              aria-label="Back to all files"
              onClick={() => back()()}
            >
              <Icon name="chevron-left" />
            </button>
          )}
        </Show>
        <Icon name="file" class="file-header-icon" />
        <span class="file-path" title={`/home/ubuntu/${props.path}`}>
          {props.path}
        </span>
        <Show when={current()}>{(shown) => <span class="file-size">{formatBytes(shown().size)}</span>}</Show>
        <button
          type="button"
          class="button small"
          disabled={!current()}
          onClick={download}
          aria-label={`Download ${baseName(props.path)}`}
        >
          Download
        </button>
      </header>
      <Switch>
        <Match when={file.state === 'errored'}>
          <div class="view-message is-error" role="alert">
            <p>
              Could not read {props.path}:{' '}
              {file.error instanceof Error ? file.error.message : String(file.error)}
            </p>
            <button type="button" class="button small" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </Match>
        <Match when={file.state === 'pending' && file.latest === undefined}>
          <p class="view-message">Reading {props.path}…</p>
        </Match>
        <Match when={current() === null}>
          <p class="view-message">
            {props.path} is not in the workspace now: it was deleted or moved, or has not been written yet.
          </p>
        </Match>
        <Match when={preview()}>
          {(shown) => (
            <PreviewBody
              preview={shown()}
              bytes={current()?.content ?? new Uint8Array()}
              path={props.path}
              line={props.line}
              prefersSource={props.prefersSource ?? false}
            />
          )}
        </Match>
      </Switch>
    </section>
  );
}

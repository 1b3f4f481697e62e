import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  Match,
  onCleanup,
  onMount,
  Show,
  Switch,
} from 'solid-js';
import { mimeForFile } from '@/shared/protocol/mime-types.ts';
import { baseName } from '@/shared/protocol/workspace.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { previewFile } from '../../state/workspace/file-preview.ts';
import { type IncomingWrite, incomingWriteOf, runningActions } from '../../state/workspace/incoming-write.ts';
import { useApp } from '../app/app-context.ts';
import { downloadBytes } from '../shared/download.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { PreviewBody } from './file-previews.tsx';
import { IncomingWriteView } from './incoming-write-view.tsx';

/**
 * A workspace file's current version (read from IndexedDB) in the viewer its bytes call
 * for (see `PreviewBody`), with its size and a download button. While an action is writing
 * the file, the text it writes is shown instead; the file is read again as soon as that
 * action ends, and whenever the workspace listing shows it changed.
 */
export function FileViewer(props: {
  path: string;
  line: number | null;
  onBack?: () => void;
  /** Markdown shown as source first (the view of an action that edits it). */
  prefersSource?: boolean;
  /** The action this is the view of (a sub-agent's is not in the open thread). */
  action?: ActionItem;
}) {
  const { workspace, thread } = useApp();
  onCleanup(workspace.watch());
  let backButton: HTMLButtonElement | undefined;
  // Opened from the tree or a search result, whose button has just gone: keep focus here.
  onMount(() => {
    if (document.activeElement === document.body || document.activeElement === null) backButton?.focus();
  });

  const incoming = createMemo(() => {
    const running = runningActions(thread.state.thread);
    return incomingWriteOf(props.action ? [props.action, ...running] : running, props.path);
  });
  const version = createMemo(() => {
    const entry = workspace.entryAt(props.path);
    return entry ? `${entry.modifiedAt}:${entry.size}` : workspace.state.load;
  });
  // A write's end is a new version too: the worker saved the file before announcing the end.
  const writingUuid = createMemo(() => incoming()?.uuid ?? null);
  // The last write seen stays up while the file is read again after it, instead of a flash of "not there".
  const [lastWrite, setLastWrite] = createSignal<IncomingWrite | null>(null);
  createEffect(() => {
    const write = incoming();
    if (write) setLastWrite(write);
  });
  const [file, { refetch }] = createResource(
    () => ({ path: props.path, version: version(), writingUuid: writingUuid() }),
    async (source) => {
      const read = await workspace.readFile(source.path);
      if (source.writingUuid === null) setLastWrite(null);
      return read;
    },
  );
  const current = () => (file.state === 'errored' ? undefined : file.latest);
  const writing = () => incoming() ?? (file.loading && !current() ? lastWrite() : null);
  const preview = createMemo(() => {
    const shown = current();
    return shown ? previewFile(props.path, shown.content) : null;
  });

  function download(): void {
    const shown = current();
    if (shown) downloadBytes(shown.content, baseName(props.path), mimeForFile(props.path, shown.content));
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
        <Match when={writing()}>{(write) => <IncomingWriteView write={write()} path={props.path} />}</Match>
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
          <p class="view-message" role="status">
            Reading {props.path}
            <Show when={workspace.entryAt(props.path)}>{(entry) => <> ({formatBytes(entry().size)})</>}</Show>
            …
          </p>
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

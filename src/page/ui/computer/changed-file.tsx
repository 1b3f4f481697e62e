import { createSignal, type JSX, Show } from 'solid-js';
import type { ChangedVersions, StepChange } from '@/shared/protocol/workspace-change-rows.ts';
import { changeKind } from '../../state/computer/file-changes.ts';
import type { LineCount } from '../../state/thread/task-changes-store.ts';
import { FileDiffView } from './file-diff-view.tsx';
import './changed-file.css';

/**
 * One changed path as a row — its name, what happened to it, and the lines it gained and
 * lost when known — that opens in place to its diff (a file; a folder has none). A step's
 * list and the Changes view both show their paths with it.
 */
export function ChangedFile(props: {
  change: StepChange;
  /** Reads the path's two versions, when the row is first opened. */
  loadVersions: () => Promise<ChangedVersions | null>;
  lines?: LineCount | undefined;
  /** Shown beside the row, outside its button (the Changes view's links to steps). */
  children?: JSX.Element;
}) {
  const [isOpen, setOpen] = createSignal(false);
  const kind = () => changeKind(props.change);
  const isFile = () => props.change.before?.kind === 'file' || props.change.after?.kind === 'file';
  return (
    <li class="changed-path" data-change={kind()}>
      <div class="changed-path-head">
        <button
          type="button"
          class="changed-path-row"
          aria-expanded={isFile() ? isOpen() : undefined}
          disabled={!isFile()}
          onClick={() => setOpen(!isOpen())}
        >
          <span class="changed-path-name">{props.change.path}</span>
          <Show when={props.lines}>
            {(lines) => (
              <span class="changed-path-lines" title="Lines added and removed">
                <span class="is-added">+{lines().added}</span>{' '}
                <span class="is-removed">−{lines().removed}</span>
              </span>
            )}
          </Show>
          <span class="changed-path-kind">{kind()}</span>
        </button>
        {props.children}
      </div>
      <Show when={isOpen()}>
        <FileDiffView change={props.change} loadVersions={props.loadVersions} isCountShown={!props.lines} />
      </Show>
    </li>
  );
}

import { For, Show } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import { readToolMeta } from '@/shared/protocol/tool-meta/index.ts';
import { workspacePathOf } from '@/shared/protocol/workspace.ts';
import { FileViewer } from '../../workspace/file-viewer.tsx';
import type { StepViewEntry } from './step-view-entry.ts';

type EditLine = { find: string; replace: string | null; count: number };

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `meta.edit_summary` with the replacement text the call asked for, in order. */
function editLines(item: ActionItem): EditLine[] {
  const summary = readToolMeta('file', item.meta).edit_summary ?? [];
  const edits = Array.isArray(item.callArguments.edits) ? item.callArguments.edits : [];
  return summary.map(({ find, count }, index): EditLine => {
    const edit = edits[index] as Record<string, unknown> | undefined;
    const replace = edit && edit.find === find ? stringOf(edit.replace) : null;
    return { find, replace, count };
  });
}

/** The first line of a `read`/`view` range, to show the file there. */
function rangeStart(item: ActionItem): number | null {
  const range = item.callArguments.range;
  return Array.isArray(range) && typeof range[0] === 'number' && range[0] > 0 ? range[0] : null;
}

/** A file action: its edit summary (for edits), then the file as the workspace holds it now. */
export function FileView(props: { item: ActionItem }) {
  const path = () => readToolMeta('file', props.item.meta).path ?? stringOf(props.item.callArguments.path);
  const workspacePath = () => {
    const given = path();
    return given === null ? null : workspacePathOf(given);
  };

  return (
    <div class="file-view">
      <Show when={editLines(props.item).length > 0}>
        <section class="edit-summary" aria-label="Edit summary">
          <h4>Edits</h4>
          <ul>
            <For each={editLines(props.item)}>
              {(edit) => (
                <li>
                  <code class="edit-find">{edit.find}</code>
                  <Show when={edit.replace !== null}>
                    <span aria-hidden="true">→</span>
                    <span class="visually-hidden">replaced by</span>
                    <code class="edit-replace">{edit.replace}</code>
                  </Show>
                  <span class="edit-count">
                    {edit.count} replacement{edit.count === 1 ? '' : 's'}
                  </span>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>
      <Show
        when={workspacePath()}
        fallback={
          <p class="view-message">
            {path() === null
              ? 'This action names no file.'
              : `${path()} is outside /home/ubuntu, the only folder kept in the workspace, so it cannot be shown here.`}
          </p>
        }
      >
        {(relative) => (
          <FileViewer path={relative()} line={rangeStart(props.item)} prefersSource action={props.item} />
        )}
      </Show>
    </div>
  );
}

export const VIEW: StepViewEntry = {
  tab: 'Editor',
  component: FileView,
  kinds: { file: 'file' },
};

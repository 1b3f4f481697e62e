import { createEffect, createResource, createSignal, For, Match, on, Show, Switch } from 'solid-js';
import type { StepChange } from '../../protocol/workspace-changes.ts';
import { changedFilesLabel, changeKind, fileDiff, isDiffable } from '../../state/computer/file-changes.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { formatBytes } from '../shared/format.ts';
import './step-changes.css';

/**
 * What the action changed in the workspace, whatever tool did it (a shell command's
 * `sed -i`, `rm` and `mv` too): "N files changed", opening to a list of paths, each
 * opening to its unified diff (a text file) or its sizes (anything else).
 */
export function StepChanges(props: { item: ActionItem }) {
  const { workspaceChanges, conversations } = useApp();
  const [isOpen, setOpen] = createSignal(false);
  // Each step's list starts folded (the panel keeps this component while the step changes).
  createEffect(
    on(
      () => props.item.uuid,
      () => setOpen(false),
      { defer: true },
    ),
  );
  const count = () => workspaceChanges.countOf(props.item.uuid);
  const [changes] = createResource(
    () => {
      const id = conversations.selectedId();
      return isOpen() && id !== null ? { id, uuid: props.item.uuid, count: count() } : null;
    },
    ({ id, uuid }) => workspaceChanges.changesOf(id, uuid),
  );
  return (
    <Show when={count() > 0}>
      <section class="step-changes" aria-label="Workspace changes">
        <button
          type="button"
          class="step-changes-toggle"
          aria-expanded={isOpen()}
          onClick={() => setOpen(!isOpen())}
        >
          {changedFilesLabel(count())}
        </button>
        <Show when={isOpen()}>
          <Switch>
            <Match when={changes.error}>
              <p class="step-changes-error">The changes could not be read: {String(changes.error)}</p>
            </Match>
            <Match when={changes()}>
              {(list) => (
                <ul class="step-changes-list">
                  <For each={list()}>
                    {(change) => <ChangedPath change={change} uuid={props.item.uuid} />}
                  </For>
                </ul>
              )}
            </Match>
          </Switch>
        </Show>
      </section>
    </Show>
  );
}

function ChangedPath(props: { change: StepChange; uuid: string }) {
  const { workspaceChanges, conversations } = useApp();
  const [isOpen, setOpen] = createSignal(false);
  const kind = () => changeKind(props.change);
  const isFile = () => props.change.before?.kind === 'file' || props.change.after?.kind === 'file';
  const [diff] = createResource(
    () => {
      const id = conversations.selectedId();
      return isOpen() && isFile() && id !== null ? { id } : null;
    },
    async ({ id }) => {
      const sizes = { before: sizeOf(props.change.before), after: sizeOf(props.change.after) };
      // Sizes alone for files too large to compare: their bytes are not even fetched.
      if (!isDiffable(sizes))
        return { kind: 'too-large' as const, beforeBytes: sizes.before, afterBytes: sizes.after };
      const versions = await workspaceChanges.versionsOf(id, props.uuid, props.change.path);
      return versions ? fileDiff(versions.before, versions.after) : null;
    },
  );
  return (
    <li class="changed-path" data-change={kind()}>
      <button
        type="button"
        class="changed-path-row"
        aria-expanded={isFile() ? isOpen() : undefined}
        disabled={!isFile()}
        onClick={() => setOpen(!isOpen())}
      >
        <span class="changed-path-name">{props.change.path}</span>
        <span class="changed-path-kind">{kind()}</span>
      </button>
      <Show when={isOpen()}>
        <Switch>
          <Match when={diff.error}>
            <p class="step-changes-error">This file’s versions could not be read: {String(diff.error)}</p>
          </Match>
          <Match when={diff()}>
            {(shown) => (
              <Switch>
                <Match when={shown().kind === 'text' && shown()}>
                  {(text) => {
                    const value = text() as Extract<ReturnType<typeof fileDiff>, { kind: 'text' }>;
                    return (
                      <section class="file-diff" aria-label={`Diff of ${props.change.path}`}>
                        <p class="file-diff-counts">
                          <span class="is-added">+{value.added}</span>{' '}
                          <span class="is-removed">−{value.removed}</span>
                        </p>
                        <For each={value.hunks}>
                          {(hunk) => (
                            <pre class="file-diff-hunk">
                              <span class="file-diff-header">{hunk.header}</span>
                              <For each={hunk.lines}>
                                {(line) => (
                                  <span class={`file-diff-line is-${line.type}`}>
                                    {line.type === 'added' ? '+' : line.type === 'removed' ? '-' : ' '}
                                    {line.text}
                                  </span>
                                )}
                              </For>
                            </pre>
                          )}
                        </For>
                      </section>
                    );
                  }}
                </Match>
                <Match when={shown().kind !== 'text' && shown()}>
                  {(sizes) => {
                    const value = sizes() as Exclude<ReturnType<typeof fileDiff>, { kind: 'text' }>;
                    const size = (bytes: number | null) => (bytes === null ? 'absent' : formatBytes(bytes));
                    return (
                      <p class="file-diff-summary">
                        {value.kind === 'binary'
                          ? 'Not text'
                          : value.kind === 'too-different'
                            ? 'Too different to compare here'
                            : 'Too large to compare here'}
                        : {size(value.beforeBytes)} before, {size(value.afterBytes)} after.
                      </p>
                    );
                  }}
                </Match>
              </Switch>
            )}
          </Match>
        </Switch>
      </Show>
    </li>
  );
}

/** A file entry's size (null: absent, or a folder). */
function sizeOf(entry: StepChange['before']): number | null {
  return entry?.kind === 'file' ? entry.size : null;
}

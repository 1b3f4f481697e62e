import { createEffect, createResource, createSignal, For, Match, on, Show, Switch } from 'solid-js';
import { changedFilesLabel } from '../../state/computer/file-changes.ts';
import type { ActionItem } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { ChangedFile } from './changed-file.tsx';
import './step-changes.css';

/**
 * What the action changed in the workspace, whatever tool did it (a shell command's
 * `sed -i`, `rm` and `mv` too): "N files changed", opening to a list of paths, each
 * opening to its diff (see `ChangedFile`).
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
  const versionsOf = async (path: string) => {
    const id = conversations.selectedId();
    return id === null ? null : workspaceChanges.versionsOf(id, props.item.uuid, path);
  };
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
                    {(change) => <ChangedFile change={change} loadVersions={() => versionsOf(change.path)} />}
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

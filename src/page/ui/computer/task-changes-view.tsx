import { createMemo, createSignal, For, Match, onCleanup, Show, Switch } from 'solid-js';
import type { TaskChange } from '@/shared/protocol/workspace-change-rows.ts';
import { stepLabel } from '../../state/thread/step-label.ts';
import { type ActionItem, actionItems } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { ChangedFile } from './changed-file.tsx';
import './task-changes.css';

/** Rows shown at first, and added by each "Show more" (an `npm install` can change thousands of paths). */
const ROWS_PER_PAGE = 200;

/** A step as the Changes view links to it: its number in the scrubber's count, and the action. */
type StepRef = { number: number; item: ActionItem };

/**
 * The Computer panel's Changes tab: everything the open conversation's task changed in its
 * workspace, like a pull request — a summary ("7 files changed, +120 −14"), then each path
 * with what happened to it, its lines added and removed, the steps that changed it (each
 * selects its step) and its diff opening in place. Read again as actions settle.
 */
export function TaskChangesView() {
  const { taskChanges, thread, conversations } = useApp();
  onCleanup(taskChanges.watch());
  const [shownRows, setShownRows] = createSignal(ROWS_PER_PAGE);
  const steps = createMemo(() => {
    const byUuid = new Map<string, StepRef>();
    actionItems(thread.state.thread).forEach((item, index) => {
      byUuid.set(item.uuid, { number: index + 1, item });
    });
    return byUuid;
  });
  const state = taskChanges.state;
  const loadVersions = (path: string) => async () => {
    const id = conversations.selectedId();
    return id === null ? null : taskChanges.versionsOf(id, path);
  };

  return (
    <section class="task-changes" aria-label="Changes since the task began">
      <Switch>
        <Match when={state.status === 'error'}>
          <p class="task-changes-error">The changes could not be read: {state.error}</p>
        </Match>
        <Match when={state.status !== 'ready'}>
          <p class="task-changes-loading">Reading what changed…</p>
        </Match>
        <Match when={state.changes.length === 0}>
          <div class="task-changes-empty">
            <Icon name="file" size={28} />
            <p>
              <strong>No files changed yet</strong>
            </p>
            <p>
              Every file the agent creates, edits, moves or deletes in this conversation — with any tool,
              shell commands included — is listed here with its diff, and the steps that changed it.
            </p>
          </div>
        </Match>
        <Match when={state.changes.length > 0}>
          <header class="task-changes-header">
            <h3 class="task-changes-summary">{taskChanges.summary().text}</h3>
            <p class="task-changes-note">
              Compared with the workspace when the task began
              <Show when={taskChanges.summary().uncountedFiles > 0}>
                {`; lines not counted in ${taskChanges.summary().uncountedFiles} ${
                  taskChanges.summary().uncountedFiles === 1 ? 'file' : 'files'
                }`}
              </Show>
              .
            </p>
          </header>
          <ul class="task-changes-list">
            <For each={state.changes.slice(0, shownRows())}>
              {(change) => (
                <ChangedFile
                  change={change}
                  loadVersions={loadVersions(change.path)}
                  lines={state.lines[change.path]}
                >
                  <ChangedBy change={change} steps={steps()} />
                </ChangedFile>
              )}
            </For>
          </ul>
          <Show when={state.changes.length > shownRows()}>
            <button
              type="button"
              class="button task-changes-more"
              onClick={() => setShownRows(shownRows() + ROWS_PER_PAGE)}
            >
              Show {Math.min(ROWS_PER_PAGE, state.changes.length - shownRows())} more of{' '}
              {state.changes.length - shownRows()}
            </button>
          </Show>
        </Match>
      </Switch>
    </section>
  );
}

/** Who changed a path: a link to each step that did (it selects that step), and "You" for files a message brought. */
function ChangedBy(props: { change: TaskChange; steps: Map<string, StepRef> }) {
  const { ui } = useApp();
  const known = () => props.change.actionUuids.flatMap((uuid) => props.steps.get(uuid) ?? []);
  return (
    <Show when={known().length > 0 || props.change.isChangedByPerson}>
      <ul class="task-change-steps" aria-label={`Changed ${props.change.path} in`}>
        <For each={known()}>
          {(step) => {
            const label = () => stepLabel(step.item).text;
            return (
              <li>
                <button
                  type="button"
                  class="task-change-step"
                  title={label()}
                  aria-label={`Step ${step.number}: ${label()}`}
                  onClick={() => ui.selectAction(step.item.uuid, { openSheet: true })}
                >
                  Step {step.number}
                </button>
              </li>
            );
          }}
        </For>
        <Show when={props.change.isChangedByPerson}>
          <li class="task-change-person" title="Files you attached to a message">
            You
          </li>
        </Show>
      </ul>
    </Show>
  );
}

import { createEffect, createMemo, For, Match, on, Show, Switch } from 'solid-js';
import type { ComputerTab } from '../../state/app/ui-store.ts';
import { createViewerTitle } from '../../state/computer/viewer-title.ts';
import { actionItems } from '../../state/thread/thread-reducer.ts';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';
import { WorkspaceBrowser } from '../workspace/workspace-browser.tsx';
import { ActionView } from './action-view.tsx';
import { actionTabLabel } from './step-views.ts';
import { TaskChangesView } from './task-changes-view.tsx';
import { AttachmentViewer, viewerTabLabel } from './views/attachment-viewer.tsx';
import './computer-views.css';
import '../workspace/code-view.css';
import '../workspace/file-views.css';
import './views/result-views.css';

/**
 * The Computer panel: follows the latest action while the agent runs, or shows the one the
 * person picked; a step scrubber moves through earlier actions. Tabs: the action's own
 * view (terminal, editor, results, preview, message…), the workspace's files, the task's
 * changes, and an opened deliverable. A sheet below 1100 px.
 */
export function DetailsPanel() {
  const { thread, ui, conversations, replay, workspace } = useApp();
  let closeButton: HTMLButtonElement | undefined;
  let tabList: HTMLDivElement | undefined;

  const actions = createMemo(() => actionItems(thread.state.thread));
  const index = createMemo(() => {
    const list = actions();
    if (list.length === 0) return -1;
    const uuid = ui.selectedActionUuid();
    const found = ui.isFollowingLive() || uuid === null ? -1 : list.findIndex((item) => item.uuid === uuid);
    return found >= 0 ? found : list.length - 1;
  });
  const current = () => actions()[index()];
  const hasConversation = () => conversations.selectedId() !== null;
  /** The action's view, the files and the task's changes; the Viewer while an attachment card has opened a deck or a site. */
  const tabs = createMemo<ComputerTab[]>(() =>
    ui.viewerTarget() ? ['action', 'files', 'changes', 'viewer'] : ['action', 'files', 'changes'],
  );
  /** What the Viewer shows, named as its page is now (read again as the workspace changes). */
  const viewerTitle = createViewerTitle(ui.viewerTarget, workspace);
  const tabLabel = (tab: ComputerTab) =>
    tab === 'files'
      ? 'Files'
      : tab === 'changes'
        ? 'Changes'
        : tab === 'viewer'
          ? viewerTabLabel(viewerTitle() ?? '', actionTabLabel(current()))
          : actionTabLabel(current());
  // A replay shows the conversation as it stood at each step: a deliverable opened from
  // its result (which the replay has not reached yet) is closed.
  createEffect(
    on(replay.isActive, (isActive) => {
      if (isActive) ui.closeViewer();
    }),
  );

  function ActionOrEmpty() {
    return (
      <Show
        when={current()}
        fallback={
          <div class="details-empty">
            <Icon name="monitor" size={28} />
            <p>
              Each step the agent takes shows up here: commands in a terminal, files with their contents,
              search results, pages, previews of what it builds, and its messages.
            </p>
          </div>
        }
      >
        {(item) => <ActionView item={item()} />}
      </Show>
    );
  }

  function step(offset: number): void {
    const target = actions()[index() + offset];
    if (!target) return;
    if (index() + offset === actions().length - 1) ui.followLive();
    else ui.selectAction(target.uuid, { openSheet: false });
  }

  function onTabKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const list = tabs();
    const offset = event.key === 'ArrowRight' ? 1 : -1;
    const next = list[(list.indexOf(ui.computerTab()) + offset + list.length) % list.length] ?? 'action';
    ui.setComputerTab(next);
    tabList?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  }

  createEffect(
    on(ui.isDetailsOpen, (open) => {
      if (open && !ui.isWide()) queueMicrotask(() => closeButton?.focus());
    }),
  );

  return (
    <aside class="details-panel" aria-label="Computer">
      <header class="details-header">
        <h2>Computer</h2>
        <Show when={actions().length > 0}>
          <div class="scrubber">
            <button
              type="button"
              class="icon-button"
              aria-label="Previous step"
              disabled={index() <= 0}
              onClick={() => step(-1)}
            >
              <Icon name="chevron-left" />
            </button>
            <span class="scrubber-count">
              Step {index() + 1} of {actions().length}
            </span>
            <button
              type="button"
              class="icon-button"
              aria-label="Next step"
              disabled={index() >= actions().length - 1}
              onClick={() => step(1)}
            >
              <Icon name="chevron-right" />
            </button>
            {/* A replay shows the past: following its latest step is not "live". */}
            <button
              type="button"
              class="live-toggle"
              aria-pressed={ui.isFollowingLive()}
              title={replay.isActive() ? 'Follow the latest step of the replay' : 'Follow the latest action'}
              onClick={() => ui.followLive()}
            >
              <span class="live-dot" aria-hidden="true" />
              {replay.isActive() ? 'Latest' : 'Live'}
            </button>
          </div>
        </Show>
        <button
          ref={closeButton}
          type="button"
          class="icon-button details-close"
          aria-label="Close"
          onClick={() => ui.setDetailsOpen(false)}
        >
          <Icon name="close" />
        </button>
      </header>
      <Show when={hasConversation()}>
        <div ref={tabList} class="computer-tabs" role="tablist" aria-label="Computer views">
          <For each={tabs()}>
            {(tab) => (
              <button
                type="button"
                role="tab"
                id={`computer-tab-${tab}`}
                data-tab={tab}
                aria-controls="computer-tabpanel"
                aria-selected={ui.computerTab() === tab}
                tabIndex={ui.computerTab() === tab ? 0 : -1}
                title={tab === 'viewer' ? tabLabel(tab) : undefined}
                onClick={() => ui.setComputerTab(tab)}
                onKeyDown={onTabKeyDown}
              >
                {tabLabel(tab)}
              </button>
            )}
          </For>
        </div>
      </Show>
      <Show
        when={hasConversation()}
        fallback={
          <div class="computer-body">
            <ActionOrEmpty />
          </div>
        }
      >
        <div
          class="computer-body"
          id="computer-tabpanel"
          role="tabpanel"
          aria-labelledby={`computer-tab-${ui.computerTab()}`}
        >
          <Switch fallback={<ActionOrEmpty />}>
            <Match when={ui.computerTab() === 'files'}>
              <WorkspaceBrowser />
            </Match>
            <Match when={ui.computerTab() === 'changes'}>
              <TaskChangesView />
            </Match>
            <Match when={ui.computerTab() === 'viewer' && ui.viewerTarget()}>
              {(target) => <AttachmentViewer target={target()} title={viewerTitle() ?? target().title} />}
            </Match>
          </Switch>
        </div>
      </Show>
    </aside>
  );
}

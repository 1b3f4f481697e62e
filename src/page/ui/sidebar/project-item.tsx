import { createSignal, For, Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import type { ProjectRow } from '@/shared/protocol/know-how.ts';
import { useApp } from '../app/app-context.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';
import { downloadBytes } from '../shared/download.ts';
import { Icon } from '../shared/icons.tsx';
import { ConversationRow } from './conversation-row.tsx';

function conversationsWord(count: number): string {
  return count === 1 ? '1 conversation' : `${count} conversations`;
}

/** What deleting a project asks: its conversations stay, listed without a project. */
function deleteProjectQuestion(name: string, conversationCount: number): string {
  const question = `Delete the project “${name}” and its files?`;
  if (conversationCount === 0) return question;
  const kept =
    conversationCount === 1 ? 'Its conversation stays' : `Its ${conversationCount} conversations stay`;
  return `${question} ${kept}, listed without a project.`;
}

/**
 * One project in the sidebar: a toggle (name and how many conversations) that opens its
 * conversations and actions (edit, export, delete with an inline confirm), and "New task"
 * that opens a new conversation to start in it.
 */
export function ProjectItem(props: {
  project: ProjectRow;
  conversations: Conversation[];
  isSearching: boolean;
  onEdit: () => void;
}) {
  const { projects, conversations, ui, toasts, attempt } = useApp();
  const [isExpanded, setExpanded] = createSignal(true);
  const [isConfirming, setConfirming] = createSignal(false);
  const bodyId = () => `project-body-${props.project.id}`;
  const isOpen = () => isExpanded() || props.isSearching;

  function startTask(): void {
    projects.choose(props.project.id);
    conversations.select(null);
    ui.setDraft('');
    ui.setSidebarOpen(false);
    queueMicrotask(() => ui.focusComposer());
  }

  function exportProject(): void {
    void attempt(async () => {
      const { bytes, fileName } = await projects.exportArchive(props.project.id);
      downloadBytes(bytes, fileName, 'application/zip');
      toasts.show(`Exported “${props.project.name}” as ${fileName}.`, 'done');
    }, 'Could not export the project');
  }

  async function confirmDelete(): Promise<void> {
    setConfirming(false);
    await attempt(() => projects.remove(props.project.id), 'Could not delete the project');
  }

  return (
    <li class="project-item">
      <div class="project-row">
        <button
          type="button"
          class="project-toggle"
          aria-expanded={isOpen()}
          aria-controls={bodyId()}
          onClick={() => setExpanded(!isExpanded())}
        >
          <Icon name="chevron-right" size={12} class="project-chevron" />
          <Icon name="folder" size={14} class="project-icon" />
          <span class="project-name">{props.project.name}</span>
          <span class="project-count" title={conversationsWord(props.conversations.length)}>
            <span aria-hidden="true">{props.conversations.length}</span>
            <span class="visually-hidden">, {conversationsWord(props.conversations.length)}</span>
          </span>
        </button>
        <button
          type="button"
          class="icon-button project-new-task"
          aria-label={`New task in ${props.project.name}`}
          title="New task in this project"
          onClick={startTask}
        >
          <Icon name="plus" size={14} />
        </button>
      </div>
      <Show when={isOpen()}>
        <div id={bodyId()} class="project-body">
          <Show
            when={isConfirming()}
            fallback={
              <div class="project-actions">
                <button type="button" class="project-action" onClick={() => props.onEdit()}>
                  Edit<span class="visually-hidden"> {props.project.name}</span>
                </button>
                <button type="button" class="project-action" onClick={exportProject}>
                  Export<span class="visually-hidden"> {props.project.name}</span>
                </button>
                <button type="button" class="project-action is-danger" onClick={() => setConfirming(true)}>
                  Delete<span class="visually-hidden"> {props.project.name}</span>
                </button>
              </div>
            }
          >
            <DeleteConfirm
              question={deleteProjectQuestion(props.project.name, props.conversations.length)}
              onDelete={() => void confirmDelete()}
              onKeep={() => setConfirming(false)}
            />
          </Show>
          <Show
            when={props.conversations.length > 0}
            fallback={<p class="project-empty">No conversations in this project yet.</p>}
          >
            <ul class="conversation-items">
              <For each={props.conversations}>
                {(conversation) => <ConversationRow conversation={conversation} />}
              </For>
            </ul>
          </Show>
        </div>
      </Show>
    </li>
  );
}

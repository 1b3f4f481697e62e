import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Conversation } from '../../protocol/conversation.ts';
import { useApp } from '../app/app-context.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';
import { CONVERSATION_STATUS_LABEL, type DayGroup, dayGroup } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';

const GROUP_ORDER: DayGroup[] = ['Today', 'Yesterday', 'Earlier'];

/** Conversations grouped by day (most recent first), each with a status dot and an inline delete confirm. */
export function ConversationList(props: { query: string }) {
  const { conversations, ui, attempt } = useApp();
  const [confirmingId, setConfirmingId] = createSignal<string | null>(null);

  const groups = createMemo(() => {
    const needle = props.query.trim().toLowerCase();
    // A sub-agent's conversation shows under its parent's action, not in the list.
    const visible = conversations.state.conversations.filter(
      (conversation) =>
        !conversation.parent && (needle === '' || conversation.title.toLowerCase().includes(needle)),
    );
    const now = Date.now();
    return GROUP_ORDER.map((label) => ({
      label,
      items: visible.filter((conversation) => dayGroup(conversation.updatedAt, now) === label),
    })).filter((group) => group.items.length > 0);
  });

  function open(conversation: Conversation): void {
    conversations.select(conversation.id);
    ui.setSidebarOpen(false);
  }

  async function confirmDelete(conversation: Conversation): Promise<void> {
    setConfirmingId(null);
    await attempt(
      () => conversations.deleteConversation(conversation.id),
      'Could not delete the conversation',
    );
  }

  return (
    <div class="conversation-groups">
      <Show when={conversations.state.isLoaded && groups().length === 0}>
        <p class="sidebar-empty">
          {props.query.trim() === '' ? 'No conversations yet.' : 'No conversation matches.'}
        </p>
      </Show>
      <For each={groups()}>
        {(group) => (
          <section class="conversation-group">
            <h2 class="group-label">{group.label}</h2>
            <ul class="conversation-items">
              <For each={group.items}>
                {(conversation) => (
                  <li class="conversation-item" data-status={conversation.status}>
                    <Show
                      when={confirmingId() === conversation.id}
                      fallback={
                        <div class="conversation-row">
                          <button
                            type="button"
                            class="conversation-button"
                            aria-current={conversations.selectedId() === conversation.id ? 'page' : undefined}
                            aria-describedby={`status-${conversation.id}`}
                            onClick={() => open(conversation)}
                          >
                            <span class="status-dot" data-status={conversation.status} aria-hidden="true" />
                            <Show when={conversation.forkedFrom}>
                              <span
                                class="conversation-fork"
                                title={`Forked from “${conversation.forkedFrom?.title}”`}
                              >
                                <Icon name="fork" size={12} />
                              </span>
                            </Show>
                            <span class="conversation-title">{conversation.title}</span>
                          </button>
                          <span id={`status-${conversation.id}`} class="visually-hidden">
                            {CONVERSATION_STATUS_LABEL[conversation.status]}
                          </span>
                          <button
                            type="button"
                            class="icon-button conversation-delete"
                            aria-label={`Delete ${conversation.title}`}
                            title="Delete"
                            onClick={() => setConfirmingId(conversation.id)}
                          >
                            <Icon name="trash" />
                          </button>
                        </div>
                      }
                    >
                      <DeleteConfirm
                        question="Delete this conversation?"
                        onDelete={() => void confirmDelete(conversation)}
                        onKeep={() => setConfirmingId(null)}
                      />
                    </Show>
                  </li>
                )}
              </For>
            </ul>
          </section>
        )}
      </For>
    </div>
  );
}

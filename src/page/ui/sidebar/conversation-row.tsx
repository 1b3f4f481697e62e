import { createSignal, Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { conversationOrigin } from '../../state/thread/conversation-origin.ts';
import { useApp } from '../app/app-context.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';
import { CONVERSATION_STATUS_LABEL } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * One conversation in the sidebar: status dot, a mark when it was forked or imported (an
 * icon with its tooltip, said as the button's description), title (opens it), and delete
 * with an inline confirm.
 */
export function ConversationRow(props: { conversation: Conversation }) {
  const { conversations, ui, attempt } = useApp();
  const [isConfirming, setConfirming] = createSignal(false);
  const origin = () => conversationOrigin(props.conversation);

  function open(): void {
    conversations.select(props.conversation.id);
    ui.setSidebarOpen(false);
  }

  async function confirmDelete(): Promise<void> {
    setConfirming(false);
    await attempt(
      () => conversations.deleteConversation(props.conversation.id),
      'Could not delete the conversation',
    );
  }

  return (
    <li class="conversation-item" data-status={props.conversation.status}>
      <Show
        when={isConfirming()}
        fallback={
          <div class="conversation-row">
            <button
              type="button"
              class="conversation-button"
              aria-current={conversations.selectedId() === props.conversation.id ? 'page' : undefined}
              aria-describedby={
                origin()
                  ? `origin-${props.conversation.id} status-${props.conversation.id}`
                  : `status-${props.conversation.id}`
              }
              onClick={open}
            >
              <span class="status-dot" data-status={props.conversation.status} aria-hidden="true" />
              <Show when={origin()}>
                {(shown) => (
                  <span class="conversation-origin" title={shown().detail} aria-hidden="true">
                    <Icon name={shown().kind === 'forked' ? 'fork' : 'upload'} size={12} />
                  </span>
                )}
              </Show>
              <span class="conversation-title">{props.conversation.title}</span>
            </button>
            <Show when={origin()}>
              {(shown) => (
                <span id={`origin-${props.conversation.id}`} class="visually-hidden">
                  {shown().label}
                </span>
              )}
            </Show>
            <span id={`status-${props.conversation.id}`} class="visually-hidden">
              {CONVERSATION_STATUS_LABEL[props.conversation.status]}
            </span>
            <button
              type="button"
              class="icon-button conversation-delete"
              aria-label={`Delete ${props.conversation.title}`}
              title="Delete"
              onClick={() => setConfirming(true)}
            >
              <Icon name="trash" />
            </button>
          </div>
        }
      >
        <DeleteConfirm
          question="Delete this conversation?"
          onDelete={() => void confirmDelete()}
          onKeep={() => setConfirming(false)}
        />
      </Show>
    </li>
  );
}

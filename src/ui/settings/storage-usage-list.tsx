import { createSignal, For, Show } from 'solid-js';
import { errorMessage } from '../../state/app/agent-client.ts';
import type { ConversationStorageRow } from '../../state/settings/storage-overview.ts';
import { useApp } from '../app/app-context.ts';
import { formatBytes } from '../shared/format.ts';

/** A freeing action waiting for its inline confirmation. */
type PendingAction = { conversationId: string; action: 'clear' | 'delete' };

/**
 * Each conversation's storage (history and workspace), largest first, with Clear
 * workspace (keeps the history) and Delete conversation, each confirmed inline.
 */
export function StorageUsageList(props: { rows: ConversationStorageRow[]; onChanged: () => void }) {
  const { client, conversations } = useApp();
  const [pending, setPending] = createSignal<PendingAction | null>(null);
  const [busyId, setBusyId] = createSignal<string | null>(null);
  const [failure, setFailure] = createSignal<{ conversationId: string; message: string } | null>(null);

  async function confirm(row: ConversationStorageRow, action: PendingAction['action']): Promise<void> {
    setPending(null);
    setBusyId(row.conversationId);
    setFailure(null);
    try {
      if (action === 'delete') await conversations.deleteConversation(row.conversationId);
      else await client.api.clearWorkspace(row.conversationId);
    } catch (error) {
      setFailure({ conversationId: row.conversationId, message: errorMessage(error) });
    } finally {
      setBusyId(null);
      props.onChanged();
    }
  }

  function cancelOnEscape(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    // Esc cancels the confirmation, not the whole dialog.
    event.preventDefault();
    event.stopPropagation();
    setPending(null);
  }

  return (
    <Show
      when={props.rows.length > 0}
      fallback={<p class="field-hint">No conversations are stored in this browser yet.</p>}
    >
      <ul class="storage-list" aria-label="Storage by conversation">
        <For each={props.rows}>
          {(row) => {
            const isPending = (action: PendingAction['action']) =>
              pending()?.conversationId === row.conversationId && pending()?.action === action;
            return (
              <li class="storage-row" aria-busy={busyId() === row.conversationId}>
                <div class="storage-row-main">
                  <span class="storage-title">{row.title}</span>
                  <span class="storage-sizes">
                    {formatBytes(row.totalBytes)} · history {formatBytes(row.historyBytes)} · workspace{' '}
                    {formatBytes(row.workspaceBytes)}
                  </span>
                </div>
                <Show
                  when={pending()?.conversationId === row.conversationId}
                  fallback={
                    <div class="storage-row-actions">
                      <button
                        type="button"
                        class="button small"
                        aria-label={`Clear the workspace of ${row.title}`}
                        disabled={row.workspaceBytes === 0 || busyId() !== null}
                        onClick={() => setPending({ conversationId: row.conversationId, action: 'clear' })}
                      >
                        Clear workspace
                      </button>
                      <button
                        type="button"
                        class="button small"
                        aria-label={`Delete ${row.title}`}
                        disabled={busyId() !== null}
                        onClick={() => setPending({ conversationId: row.conversationId, action: 'delete' })}
                      >
                        Delete
                      </button>
                    </div>
                  }
                >
                  <div class="storage-confirm">
                    <span class="storage-confirm-question">
                      {isPending('delete')
                        ? 'Delete this conversation and its workspace?'
                        : 'Delete its workspace files, the record of what each step changed in them, and what its previews keep? The conversation stays.'}
                    </span>
                    <button
                      type="button"
                      class="button danger small"
                      ref={(element) => queueMicrotask(() => element.focus())}
                      onKeyDown={cancelOnEscape}
                      onClick={() => void confirm(row, isPending('delete') ? 'delete' : 'clear')}
                    >
                      {isPending('delete') ? 'Yes, delete' : 'Yes, clear'}
                    </button>
                    <button
                      type="button"
                      class="button small"
                      onKeyDown={cancelOnEscape}
                      onClick={() => setPending(null)}
                    >
                      Keep
                    </button>
                  </div>
                </Show>
                <Show when={failure()?.conversationId === row.conversationId ? failure() : null}>
                  {(shown) => (
                    <p class="form-error storage-row-error" role="alert">
                      {shown().message}
                    </p>
                  )}
                </Show>
              </li>
            );
          }}
        </For>
      </ul>
    </Show>
  );
}

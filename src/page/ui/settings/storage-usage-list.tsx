import { createSignal, For, Show } from 'solid-js';
import type { HistoryPruning } from '@/shared/protocol/worker-api.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import {
  type ConversationStorageRow,
  pruningOutcome,
  pruningQuestion,
} from '../../state/settings/storage-overview.ts';
import { useApp } from '../app/app-context.ts';
import { formatBytes } from '../shared/format.ts';

/** A freeing action waiting for its inline confirmation (pruning with what it would do). */
type PendingAction =
  | { conversationId: string; action: 'clear' | 'delete' }
  | { conversationId: string; action: 'prune'; pruning: HistoryPruning };

/** A line under a row: what failed, or what a pruning did. */
type RowNote = { conversationId: string; tone: 'error' | 'done'; message: string };

const CONFIRM_LABEL = { clear: 'Yes, clear', delete: 'Yes, delete', prune: 'Yes, prune' } as const;

function question(pending: PendingAction): string {
  if (pending.action === 'prune') return pruningQuestion(pending.pruning, formatBytes);
  return pending.action === 'delete'
    ? 'Delete this conversation and its workspace?'
    : 'Delete its workspace files, the record of what each step changed in them, and what its previews keep? The conversation stays.';
}

/** A row's sizes, each kept on one line: the whole, history, workspace, and its checkpoints. */
function figures(row: ConversationStorageRow): string[] {
  const checkpoints = `${row.checkpoints} ${row.checkpoints === 1 ? 'checkpoint' : 'checkpoints'}`;
  return [
    formatBytes(row.totalBytes),
    `history ${formatBytes(row.historyBytes)}`,
    `workspace ${formatBytes(row.workspaceBytes)}`,
    `${checkpoints} ${formatBytes(row.checkpointBytes)}`,
  ];
}

/**
 * Each conversation's storage (history, workspace and checkpoints), largest first, with
 * Prune checkpoints (keeps each message's), Clear workspace (keeps the history) and
 * Delete conversation, each confirmed inline with what it loses and frees.
 */
export function StorageUsageList(props: { rows: ConversationStorageRow[]; onChanged: () => void }) {
  const { client, conversations } = useApp();
  const [pending, setPending] = createSignal<PendingAction | null>(null);
  const [busyId, setBusyId] = createSignal<string | null>(null);
  const [note, setNote] = createSignal<RowNote | null>(null);

  async function confirm(action: PendingAction): Promise<void> {
    const { conversationId } = action;
    setPending(null);
    setBusyId(conversationId);
    setNote(null);
    try {
      if (action.action === 'delete') await conversations.deleteConversation(conversationId);
      else if (action.action === 'clear') await client.api.clearWorkspace(conversationId);
      else {
        const done = await client.api.pruneHistory(conversationId);
        setNote({ conversationId, tone: 'done', message: pruningOutcome(done, formatBytes) });
      }
    } catch (error) {
      setNote({ conversationId, tone: 'error', message: errorMessage(error) });
    } finally {
      setBusyId(null);
      props.onChanged();
    }
  }

  /** Asks the worker what pruning would drop and free, then asks the person. */
  async function askToPrune(row: ConversationStorageRow): Promise<void> {
    const { conversationId } = row;
    setBusyId(conversationId);
    setNote(null);
    try {
      const pruning = await client.api.previewHistoryPruning(conversationId);
      setPending({ conversationId, action: 'prune', pruning });
    } catch (error) {
      setNote({ conversationId, tone: 'error', message: errorMessage(error) });
    } finally {
      setBusyId(null);
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
            const mine = () => {
              const shown = pending();
              return shown?.conversationId === row.conversationId ? shown : null;
            };
            return (
              <li class="storage-row" aria-busy={busyId() === row.conversationId}>
                <div class="storage-row-main">
                  <span class="storage-title">{row.title}</span>
                  <span class="storage-sizes">
                    <For each={figures(row)}>
                      {(figure, index) => (
                        <>
                          {index() > 0 ? ' · ' : ''}
                          <span class="storage-figure">{figure}</span>
                        </>
                      )}
                    </For>
                  </span>
                </div>
                <Show
                  when={mine()}
                  fallback={
                    <div class="storage-row-actions">
                      <button
                        type="button"
                        class="button small"
                        aria-label={`Prune checkpoints of ${row.title}`}
                        disabled={row.stepCheckpoints === 0 || busyId() !== null}
                        onClick={() => void askToPrune(row)}
                      >
                        Prune checkpoints
                      </button>
                      <button
                        type="button"
                        class="button small"
                        aria-label={`Clear workspace of ${row.title}`}
                        disabled={row.workspaceBytes + row.checkpointBytes === 0 || busyId() !== null}
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
                  {(shown) => (
                    <div class="storage-confirm">
                      <span class="storage-confirm-question">{question(shown())}</span>
                      <button
                        type="button"
                        class="button danger small"
                        ref={(element) => queueMicrotask(() => element.focus())}
                        onKeyDown={cancelOnEscape}
                        onClick={() => void confirm(shown())}
                      >
                        {CONFIRM_LABEL[shown().action]}
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
                  )}
                </Show>
                <Show when={note()?.conversationId === row.conversationId ? note() : null}>
                  {(shown) => (
                    <p
                      class={shown().tone === 'error' ? 'form-error storage-row-note' : 'storage-row-note'}
                      role={shown().tone === 'error' ? 'alert' : 'status'}
                    >
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

import { createSignal, Show } from 'solid-js';
import type { MemoryRow } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { addedByYouText } from '../../state/know-how/memory-store.ts';
import { DeleteConfirm } from '../shared/delete-confirm.tsx';

/** A memory as a control's name quotes it: its first words when it is long. */
export function quotedMemory(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text}”`;
}

/**
 * One saved memory on the Memory page: its text (edited in place: Enter saves, Esc
 * cancels), where it came from (a link to its conversation while that exists), a switch
 * for new conversations, and Delete, confirmed inline.
 */
export function MemoryItem(props: {
  memory: MemoryRow;
  /** The conversation the memory came from still exists (its source is a link). */
  hasConversation: boolean;
  onOpenConversation: (conversationId: string) => void;
  onEdit: (text: string) => Promise<void>;
  onToggle: (isOn: boolean) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [draft, setDraft] = createSignal<string | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const [isConfirming, setConfirming] = createSignal(false);
  const fieldId = () => `memory-edit-${props.memory.id}`;
  let editButton: HTMLButtonElement | undefined;

  function stopEditing(): void {
    setDraft(null);
    setError(null);
    queueMicrotask(() => editButton?.focus());
  }

  async function save(): Promise<void> {
    const text = draft();
    if (text === null) return;
    try {
      await props.onEdit(text);
      stopEditing();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function act(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const source = () => props.memory.source;

  return (
    <li class="memory-item settings-list-item" classList={{ 'is-off': !props.memory.enabled }}>
      <div class="memory-item-head">
        <input
          class="switch"
          type="checkbox"
          role="switch"
          checked={props.memory.enabled}
          aria-checked={props.memory.enabled}
          aria-label={`Use ${quotedMemory(props.memory.text)} in new conversations`}
          onChange={(event) => void act(() => props.onToggle(event.currentTarget.checked))}
        />
        <div class="memory-item-main">
          <Show when={draft() !== null} fallback={<p class="memory-text">{props.memory.text}</p>}>
            <input
              id={fieldId()}
              class="memory-edit-input"
              type="text"
              value={draft() ?? ''}
              aria-label={`Edit ${quotedMemory(props.memory.text)}`}
              aria-invalid={error() ? 'true' : undefined}
              aria-describedby={error() ? `${fieldId()}-error` : undefined}
              ref={(element) => queueMicrotask(() => element.focus())}
              onInput={(event) => {
                setDraft(event.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void save();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  stopEditing();
                }
              }}
            />
          </Show>
          <p class="memory-source">
            <Show
              when={source().kind === 'conversation' ? source() : null}
              fallback={addedByYouText(props.memory.createdAt)}
            >
              {(from) => {
                const conversation = from() as Extract<MemoryRow['source'], { kind: 'conversation' }>;
                const title = conversation.title || 'Untitled conversation';
                return (
                  <Show when={props.hasConversation} fallback={<>From “{title}” (since deleted)</>}>
                    From{' '}
                    <button
                      type="button"
                      class="link-button memory-source-link"
                      onClick={() => props.onOpenConversation(conversation.conversationId)}
                    >
                      “{title}”
                    </button>
                  </Show>
                );
              }}
            </Show>
          </p>
        </div>
        <div class="memory-item-actions">
          <Show
            when={draft() === null}
            fallback={
              <>
                <button type="button" class="button small primary" onClick={() => void save()}>
                  Save
                </button>
                <button type="button" class="button small" onClick={stopEditing}>
                  Cancel
                </button>
              </>
            }
          >
            <button
              ref={editButton}
              type="button"
              class="button small"
              aria-label={`Edit ${quotedMemory(props.memory.text)}`}
              onClick={() => {
                setConfirming(false);
                setDraft(props.memory.text);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              class="button small"
              aria-label={`Delete ${quotedMemory(props.memory.text)}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </Show>
        </div>
      </div>
      <Show when={error()}>
        {(text) => (
          <p class="field-error" id={`${fieldId()}-error`} role="alert">
            {text()}
          </p>
        )}
      </Show>
      <Show when={isConfirming()}>
        <DeleteConfirm
          question="Forget this memory?"
          onDelete={() => void act(props.onDelete)}
          onKeep={() => {
            setConfirming(false);
            queueMicrotask(() => editButton?.focus());
          }}
        />
      </Show>
    </li>
  );
}

import { createSignal, For, Show } from 'solid-js';
import { MAX_MEMORY_LENGTH } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { savedMemories } from '../../state/know-how/memory-store.ts';
import { useApp } from '../app/app-context.ts';
import { MemoryItem } from './memory-item.tsx';
import './settings-list.css';
import './memory-section.css';

/** The id of the Memory section's field that adds a memory. */
export const NEW_MEMORY_FIELD_ID = 'memory-new';

/**
 * Settings → Memory: what the agent remembers about the person. Each memory with where it
 * came from, a switch, Edit and Delete; a field to add one; whether the agent's proposals
 * are saved without asking; and where memories go. Changes are kept at once (no Save).
 */
export function MemorySection() {
  const { memories, conversations, ui } = useApp();
  const [text, setText] = createSignal('');
  const [error, setError] = createSignal<string | null>(null);
  const [isAdding, setAdding] = createSignal(false);
  const listed = () => savedMemories(memories.state.memories);
  const conversationExists = (id: string) =>
    conversations.state.conversations.some((conversation) => conversation.id === id);

  async function add(): Promise<void> {
    setAdding(true);
    try {
      await memories.add(text());
      setText('');
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
      document.getElementById(NEW_MEMORY_FIELD_ID)?.focus();
    } finally {
      setAdding(false);
    }
  }

  function openConversation(conversationId: string): void {
    ui.setSettingsOpen(false);
    conversations.select(conversationId);
  }

  const hint = () =>
    text().length > MAX_MEMORY_LENGTH * 0.8 ? `${text().length} of ${MAX_MEMORY_LENGTH} characters` : null;

  return (
    <section class="settings-group memory-section" aria-labelledby="settings-memory-title">
      <h3 class="settings-group-title" id="settings-memory-title">
        Memory
      </h3>
      <p class="section-hint memory-privacy">
        Memories stay in this browser. The ones that are on go into the context of each new conversation, so
        they are sent to its model provider. A bundle you export carries them only when you tick them in.
      </p>
      <div class="memory-add">
        <label for={NEW_MEMORY_FIELD_ID}>Remember</label>
        <div class="memory-add-row">
          <input
            id={NEW_MEMORY_FIELD_ID}
            type="text"
            placeholder="e.g. Prefers metric units"
            value={text()}
            aria-invalid={error() ? 'true' : undefined}
            aria-describedby={error() ? `${NEW_MEMORY_FIELD_ID}-error` : undefined}
            onInput={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              // Not the Settings form's Save: Enter adds the memory.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void add();
            }}
          />
          <button type="button" class="button" disabled={isAdding()} onClick={() => void add()}>
            Add
          </button>
        </div>
        <Show when={error()}>
          {(message) => (
            <p class="field-error" id={`${NEW_MEMORY_FIELD_ID}-error`}>
              {message()}
            </p>
          )}
        </Show>
        <Show when={!error() && hint()}>{(count) => <p class="field-hint">{count()}</p>}</Show>
      </div>
      <Show when={memories.state.loadError}>
        {(message) => (
          <p class="form-error" role="alert">
            Could not read the memories: {message()}
          </p>
        )}
      </Show>
      <Show
        when={listed().length > 0}
        fallback={
          <p class="settings-list-empty memory-empty">
            Nothing remembered yet. Add a fact above, or let the agent propose one during a conversation.
          </p>
        }
      >
        <ul class="settings-list memory-list" aria-label="Memories">
          <For each={listed()}>
            {(memory) => (
              <MemoryItem
                memory={memory}
                hasConversation={
                  memory.source.kind === 'conversation' && conversationExists(memory.source.conversationId)
                }
                onOpenConversation={openConversation}
                onEdit={(value) => memories.edit(memory.id, value)}
                onToggle={(isOn) => memories.setEnabled(memory.id, isOn)}
                onDelete={() => memories.remove(memory.id)}
              />
            )}
          </For>
        </ul>
      </Show>
      <div class="memory-auto-save">
        <input
          id="memory-auto-save"
          class="switch"
          type="checkbox"
          role="switch"
          checked={memories.state.preferences.saveProposalsWithoutAsking}
          aria-checked={memories.state.preferences.saveProposalsWithoutAsking}
          aria-describedby="memory-auto-save-hint"
          onChange={(event) => void memories.setSaveWithoutAsking(event.currentTarget.checked)}
        />
        <div>
          <label for="memory-auto-save">Save the agent's proposals without asking</label>
          <p class="field-hint" id="memory-auto-save-hint">
            Off: the agent's proposals wait in their conversation for Remember or Not now.
          </p>
        </div>
      </div>
    </section>
  );
}

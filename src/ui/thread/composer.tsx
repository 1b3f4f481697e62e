import { createEffect, createSignal, on, Show } from 'solid-js';
import { useApp } from '../app/app-context.ts';
import { Icon } from '../shared/icons.tsx';

const MAX_HEIGHT_PX = 220;

/**
 * The message box at the bottom: Enter sends, Shift+Enter adds a line, Esc stops a run.
 * With no conversation open, sending starts one; otherwise it goes to the open one.
 */
export function Composer() {
  const { conversations, thread, ui, attempt } = useApp();
  const [isSending, setSending] = createSignal(false);
  let input: HTMLTextAreaElement | undefined;

  const status = () => thread.state.conversation?.status;
  const isRunning = () => status() === 'running';
  /** Stop ends a run, or cancels an open question instead of answering it. */
  const isStoppable = () => isRunning() || status() === 'asking';
  const canSend = () => ui.draft().trim() !== '' && !isSending();

  const placeholder = () => {
    if (conversations.selectedId() === null) return 'Describe a task for the agent…';
    if (status() === 'asking') return 'Answer the question above…';
    if (isRunning()) return 'Add a note for the agent; it reads it before its next step…';
    return 'Send a follow-up…';
  };

  function resize(): void {
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  createEffect(on(ui.draft, () => queueMicrotask(resize), { defer: true }));

  async function send(): Promise<void> {
    const text = ui.draft().trim();
    if (text === '' || isSending()) return;
    setSending(true);
    ui.setDraft('');
    const conversationId = conversations.selectedId();
    const isSent = await attempt(
      () => (conversationId === null ? conversations.start(text) : thread.send(text)),
      'Message not sent',
    );
    setSending(false);
    if (!isSent && ui.draft() === '') ui.setDraft(text);
    input?.focus();
  }

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label class="visually-hidden" for="composer-input">
        Message
      </label>
      <div class="composer-box">
        <textarea
          id="composer-input"
          ref={(element) => {
            input = element;
            ui.registerComposer(element);
          }}
          class="composer-input"
          rows={1}
          placeholder={placeholder()}
          value={ui.draft()}
          onInput={(event) => {
            ui.setDraft(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <div class="composer-actions">
          <Show when={isStoppable()}>
            <button
              type="button"
              class="button stop-button"
              onClick={() => void attempt(() => thread.stop(), 'Could not stop')}
            >
              <Icon name="stop" size={14} />
              Stop
            </button>
          </Show>
          <button type="submit" class="button primary send-button" disabled={!canSend()}>
            <Icon name="send" size={14} />
            Send
          </button>
        </div>
      </div>
      <p class="composer-hint">
        <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
        <Show when={isRunning()}>
          {' '}
          · <kbd>Esc</kbd> to stop
        </Show>
      </p>
    </form>
  );
}

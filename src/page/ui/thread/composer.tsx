import { createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import { isLongText } from '@/shared/protocol/long-text.ts';
import { providerBlocker, providerFor } from '@/shared/protocol/settings.ts';
import { uploadRoomProblem } from '@/shared/protocol/uploads.ts';
import { openAskUuid, sentAttachments } from '../../state/thread/thread-reducer.ts';
import {
  isSingleFolder,
  progressLine,
  type ReadUpload,
  sentUploadNames,
  totalBytes,
} from '../../state/uploads/attachments-store.ts';
import { useApp } from '../app/app-context.ts';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';
import { ProjectChip } from '../sidebar/project-chip.tsx';
import { AnswerHint } from './answer-hint.tsx';
import { AttachFilesButton } from './attach-files-button.tsx';
import { PendingChips } from './attachment-chips.tsx';
import { useFileDrop } from './file-drop.ts';
import { attachPaste } from './pasted-files.ts';
import { ToolProfilePicker } from './tool-profile-picker.tsx';

const MAX_HEIGHT_PX = 220;

/**
 * The message box at the bottom: Enter sends, Shift+Enter adds a line, Esc stops a run.
 * With no conversation open, sending starts one; otherwise it goes to the open one.
 * Files come by the Attach button, a drop (folders too), a pasted image or pasted text over
 * 16 KB (`pasted-N.txt`, never typed into the box), show as chips until sent, and are read in
 * the page (with progress) and handed to the worker on send.
 */
export function Composer() {
  const { conversations, thread, ui, attempt, attachments, settings, toasts, toolProfiles, projects } =
    useApp();
  const [isSending, setSending] = createSignal(false);
  /** Why the last Send was refused before anything left the page (a provider without its key). */
  const [refusal, setRefusal] = createSignal<string | null>(null);
  createEffect(on([ui.draft, () => settings.state.settings], () => setRefusal(null), { defer: true }));
  /** The attachment the last long paste became (its note shows while it is attached). */
  const [pastedId, setPastedId] = createSignal<string | null>(null);
  let input: HTMLTextAreaElement | undefined;
  const drop = useFileDrop((found) => {
    // One folder dropped on a new conversation is a project: it goes to /home/ubuntu/<folder>.
    const isProject =
      conversations.selectedId() === null &&
      !hasFiles() &&
      isSingleFolder(found.files.map((file) => file.path));
    if (isProject) attachments.openProject(found.files, found.skippedFolders);
    else attachments.add(found.files, found.skippedFolders);
  }, toasts.show);

  const status = () => thread.state.conversation?.status;
  const isRunning = () => status() === 'running';
  /** Stop ends a run, or cancels an open question instead of answering it. */
  const isStoppable = () => isRunning() || status() === 'asking';
  const hasFiles = () => attachments.items().length > 0;
  /** A question is open: its card has the one reply box, and the composer gives way to it. */
  const isAnswering = () => conversations.selectedId() !== null && openAskUuid(thread.state.thread) !== null;
  // The question answered, its box gone: the composer's box takes the focus back.
  createEffect(
    on(
      isAnswering,
      (answering, wasAnswering) => {
        if (!wasAnswering || answering) return;
        queueMicrotask(() => {
          const active = document.activeElement;
          if (!active || active === document.body) input?.focus();
        });
      },
      { defer: true },
    ),
  );
  const canSend = () => (ui.draft().trim() !== '' || hasFiles()) && !isSending();

  const placeholder = () => {
    if (conversations.selectedId() === null)
      return hasFiles() ? 'Say what to do with these files…' : 'Describe a task for the agent…';
    if (isRunning()) return 'Add a note for the agent; it reads it before its next step…';
    return 'Send a follow-up…';
  };

  function resize(): void {
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  createEffect(on(ui.draft, () => queueMicrotask(resize), { defer: true }));
  // A narrower box (a rotated phone, chips taking the row) wraps the draft onto more lines.
  window.addEventListener('resize', resize);
  onCleanup(() => window.removeEventListener('resize', resize));

  /** The attached files read and ready, or null after telling why they cannot go. */
  async function readFiles(): Promise<ReadUpload | null | undefined> {
    if (!hasFiles()) return undefined;
    const bytes = totalBytes(attachments.items());
    const problem = uploadRoomProblem(0, bytes, settings.state.settings.workspaceLimitBytes);
    if (problem) {
      toasts.show(`Message not sent: ${problem}`);
      return null;
    }
    try {
      return await attachments.read();
    } catch (error) {
      toasts.show(`Could not read the files: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async function send(): Promise<void> {
    const text = ui.draft().trim();
    if ((text === '' && !hasFiles()) || isSending()) return;
    // The provider the message would go to: the open conversation's, or the active one for a new one.
    const provider = providerFor(
      settings.state.settings,
      conversations.selectedId() === null ? null : thread.state.conversation?.providerId,
    );
    // None saved yet, or a hosted API without its key: said now, before anything is sent.
    const blocker = providerBlocker(provider);
    if (blocker) {
      setRefusal(blocker);
      return;
    }
    setSending(true);
    const files = await readFiles();
    if (files === null) {
      attachments.setProgress(null);
      setSending(false);
      return;
    }
    ui.setDraft('');
    const conversationId = conversations.selectedId();
    const projectId = conversationId === null ? projects.chosen()?.id : undefined;
    const isSent = await attempt(
      () =>
        conversationId === null
          ? conversations.start(text, files, toolProfiles.chosenId(), projectId)
          : thread.send(text, files),
      'Message not sent',
    );
    // The next new conversation starts outside the project unless the person picks it again.
    if (isSent && projectId !== undefined) projects.choose(null);
    attachments.setProgress(null);
    setSending(false);
    // Refused (over the limit, the agent busy): the draft and the chips stay, to fix and resend.
    if (isSent) attachments.clear();
    else if (ui.draft() === '') ui.setDraft(text);
    input?.focus();
  }

  function stop(): void {
    void attempt(() => thread.stop(), 'Could not stop');
  }

  function onPaste(event: ClipboardEvent): void {
    if (attachPaste(event, attachments, sentNames) === 'text') {
      setPastedId(attachments.items().at(-1)?.id ?? null);
    }
  }

  /** What the open conversation's messages put in the uploads folder. */
  const sentNames = () =>
    conversations.selectedId() === null ? [] : sentUploadNames(sentAttachments(thread.state.thread.items));

  /** What the box does with long text and files, said while it matters. */
  const note = () => {
    const pasted = attachments.items().find((item) => item.id === pastedId());
    const isDraftLong = isLongText(ui.draft());
    const lines = [
      pasted
        ? `The pasted text (${formatBytes(pasted.file.size)}) is attached as ${pasted.path} instead of typed: the agent reads it from the file.`
        : '',
      isDraftLong
        ? 'This message is over 16 KB: it will be sent as a file, with its first lines kept in the message.'
        : '',
      isRunning() && (hasFiles() || isDraftLong)
        ? 'Files go once the agent finishes or asks you something; stop it to send them now.'
        : '',
    ];
    return lines.filter((line) => line !== '').join(' ');
  };

  return (
    <form
      class="composer"
      data-file-drop
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      onDragEnter={drop.onDragEnter}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
    >
      <Show when={conversations.selectedId() === null}>
        <ProjectChip />
        <ToolProfilePicker />
      </Show>
      <Show when={!isAnswering()} fallback={<AnswerHint onStop={stop} />}>
        <label class="visually-hidden" for="composer-input">
          Message
        </label>
        <div class="composer-box" classList={{ 'is-drop-target': drop.isOver() }}>
          <Show when={hasFiles()}>
            <PendingChips items={attachments.items()} onRemove={attachments.remove} />
          </Show>
          <Show when={attachments.progress()}>
            {(progress) => (
              <p class="composer-progress" role="status">
                {progressLine(progress(), formatBytes)}
              </p>
            )}
          </Show>
          <Show when={refusal()}>
            {(reason) => (
              <p class="composer-note is-refused" role="alert">
                {reason()}{' '}
                <button type="button" class="link-button" onClick={() => ui.openSettings('providers')}>
                  Open Settings
                </button>
              </p>
            )}
          </Show>
          <Show when={attachments.note()}>{(note) => <p class="composer-note">{note()}</p>}</Show>
          <Show when={note()}>
            {(text) => (
              <p class="composer-note" role="status">
                {text()}
              </p>
            )}
          </Show>
          <AttachFilesButton
            files={attachments}
            label="Attach files"
            title="Attach files (or drop files or a folder here, or paste an image)"
            inputLabel="Files to attach"
            disabled={isSending()}
          />
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
            onPaste={onPaste}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
          />
          <div class="composer-actions">
            <Show when={isStoppable()}>
              <button type="button" class="button stop-button" onClick={stop}>
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
          <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line · drop or paste files to
          attach them
          <Show when={isRunning()}>
            {' '}
            · <kbd>Esc</kbd> to stop
          </Show>
        </p>
      </Show>
    </form>
  );
}

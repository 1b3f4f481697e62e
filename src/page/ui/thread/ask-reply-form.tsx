import { Show } from 'solid-js';
import { sentAttachments } from '../../state/thread/thread-reducer.ts';
import { type AttachmentsStore, sentUploadNames } from '../../state/uploads/attachments-store.ts';
import { useApp } from '../app/app-context.ts';
import { AttachFilesButton } from './attach-files-button.tsx';
import { PendingChips } from './attachment-chips.tsx';
import { useFileDrop } from './file-drop.ts';
import { attachPaste } from './pasted-files.ts';

/**
 * The open question's reply box, the only one while it is open (the composer gives way to
 * it): Enter sends, Shift+Enter adds a line; files come by its Attach button, a drop or a
 * paste (text over 16 KB becomes a file) and go with the reply. `onSend` says whether the
 * reply went; then the draft is dropped. What is typed outlives the card leaving the page.
 */
export function AskReplyForm(props: {
  /** The question's envelope uuid: what is typed is kept under it (`ui.replyDrafts`) when the card leaves the page. */
  questionUuid: string;
  isSending: boolean;
  onSend: (text: string, files: AttachmentsStore) => Promise<boolean>;
  ref: (element: HTMLTextAreaElement) => void;
}) {
  const { thread, toasts, ui } = useApp();
  const draft = ui.replyDrafts.draftFor(props.questionUuid);
  const { text, setText, files } = draft;
  const drop = useFileDrop((found) => files.add(found.files, found.skippedFolders), toasts.show);
  const sentNames = () => sentUploadNames(sentAttachments(thread.state.thread.items));
  const isEmpty = () => text().trim() === '' && files.items().length === 0;

  async function submit(): Promise<void> {
    if (isEmpty() || props.isSending) return;
    if (await props.onSend(text(), files)) ui.replyDrafts.forget(props.questionUuid);
  }

  return (
    <>
      <Show when={files.items().length > 0}>
        <div class="reply-files">
          <PendingChips items={files.items()} onRemove={files.remove} />
          <p class="reply-note">
            These go with your reply as files the agent reads (pasted text over 16 KB too).
          </p>
        </div>
      </Show>
      <Show when={files.note()}>{(note) => <p class="reply-note">{note()}</p>}</Show>
      <form
        class="reply-form"
        classList={{ 'is-drop-target': drop.isOver() }}
        data-file-drop
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onDragEnter={drop.onDragEnter}
        onDragOver={drop.onDragOver}
        onDragLeave={drop.onDragLeave}
        onDrop={drop.onDrop}
      >
        <textarea
          ref={props.ref}
          class="reply-input"
          aria-label="Reply"
          placeholder="Type your answer…"
          rows={2}
          value={text()}
          onInput={(event) => setText(event.currentTarget.value)}
          onPaste={(event) => attachPaste(event, files, sentNames)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <div class="reply-actions">
          <AttachFilesButton
            files={files}
            label="Attach files to your reply"
            title="Attach files to your reply (or drop them here, or paste an image)"
            inputLabel="Files to attach to your reply"
            disabled={props.isSending}
          />
          <button type="submit" class="button primary" disabled={props.isSending || isEmpty()}>
            Send reply
          </button>
        </div>
      </form>
    </>
  );
}

import { type JSX, onMount, Show } from 'solid-js';

/**
 * A modal dialog holding one form (an editor: a schedule, a project): shown as a modal on
 * mount with `focusId` focused; Esc or the browser's cancel closes it through `onClose`
 * (handled here, so the app's own Esc — close the drawer, stop the run — does not also
 * fire); submitting the form calls `onSubmit`. Below the fields: the form's own error (one
 * that belongs to no field), then Cancel and the submit button, disabled while `isBusy`.
 */
export function FormDialog(props: {
  class: string;
  labelledBy: string;
  focusId: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The form's error that belongs to no field, shown above the buttons. */
  error: string | null | undefined;
  submitLabel: string;
  isBusy: boolean;
  children: JSX.Element;
}) {
  let dialog: HTMLDialogElement | undefined;
  onMount(() => {
    dialog?.showModal();
    document.getElementById(props.focusId)?.focus();
  });
  const close = () => {
    if (dialog?.open) dialog.close();
    props.onClose();
  };
  return (
    <dialog
      ref={dialog}
      class={`settings-dialog ${props.class}`}
      aria-labelledby={props.labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <form
        novalidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        <Show when={props.error}>
          {(message) => (
            <p class="form-error" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <footer class="dialog-actions">
          <button type="button" class="button" onClick={() => props.onClose()}>
            Cancel
          </button>
          <button type="submit" class="button primary" disabled={props.isBusy}>
            {props.submitLabel}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

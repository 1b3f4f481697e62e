import { type JSX, onMount } from 'solid-js';

/**
 * A modal dialog holding one form (an editor: a schedule, a project): shown as a modal on
 * mount with `focusId` focused; Esc or the browser's cancel closes it through `onClose`
 * (handled here, so the app's own Esc — close the drawer, stop the run — does not also
 * fire); submitting the form calls `onSubmit`.
 */
export function FormDialog(props: {
  class: string;
  labelledBy: string;
  focusId: string;
  onClose: () => void;
  onSubmit: () => void;
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
      </form>
    </dialog>
  );
}

/**
 * An inline "are you sure" for deleting: the question, then "Yes, delete" (focused, so
 * Enter confirms) and "Keep"; Esc keeps, without reaching handlers further out (a drawer).
 */
export function DeleteConfirm(props: { question: string; onDelete: () => void; onKeep: () => void }) {
  const keepOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    props.onKeep();
  };
  return (
    <div class="delete-confirm">
      <span class="delete-question">{props.question}</span>
      <button
        type="button"
        class="button danger small"
        ref={(element) => queueMicrotask(() => element.focus())}
        onKeyDown={keepOnEscape}
        onClick={() => props.onDelete()}
      >
        Yes, delete
      </button>
      <button type="button" class="button small" onKeyDown={keepOnEscape} onClick={() => props.onKeep()}>
        Keep
      </button>
    </div>
  );
}

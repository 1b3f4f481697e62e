/**
 * An inline "are you sure": the question, then the confirming button (focused, so Enter
 * confirms) and the one that keeps things as they are; Esc keeps, without reaching
 * handlers further out (a drawer).
 */
export function InlineConfirm(props: {
  question: string;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
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
        onClick={() => props.onConfirm()}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="button small" onKeyDown={keepOnEscape} onClick={() => props.onKeep()}>
        {props.keepLabel}
      </button>
    </div>
  );
}

/** An inline "are you sure" for deleting: "Yes, delete" or "Keep". */
export function DeleteConfirm(props: { question: string; onDelete: () => void; onKeep: () => void }) {
  return (
    <InlineConfirm
      question={props.question}
      confirmLabel="Yes, delete"
      keepLabel="Keep"
      onConfirm={() => props.onDelete()}
      onKeep={() => props.onKeep()}
    />
  );
}

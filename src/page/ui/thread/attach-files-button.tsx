import type { AttachmentsStore } from '../../state/uploads/attachments-store.ts';
import { Icon } from '../shared/icons.tsx';

/**
 * The paperclip of a message box (the composer's, an open question's reply box): it opens
 * the file picker, and the files picked join `files`.
 */
export function AttachFilesButton(props: {
  files: AttachmentsStore;
  label: string;
  title: string;
  /** The hidden file input's name, for assistive technology. */
  inputLabel: string;
  disabled: boolean;
}) {
  let picker: HTMLInputElement | undefined;
  return (
    <>
      <button
        type="button"
        class="icon-button attach-button"
        aria-label={props.label}
        title={props.title}
        disabled={props.disabled}
        onClick={() => picker?.click()}
      >
        <Icon name="paperclip" size={16} />
      </button>
      <input
        ref={picker}
        class="visually-hidden"
        type="file"
        multiple
        tabIndex={-1}
        aria-label={props.inputLabel}
        onChange={(event) => {
          const element = event.currentTarget;
          const picked = Array.from(element.files ?? []);
          element.value = '';
          props.files.add(picked.map((file) => ({ path: file.name, file })));
        }}
      />
    </>
  );
}

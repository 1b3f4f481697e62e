import { createSignal, For, Show } from 'solid-js';
import { totalBytesOf } from '@/shared/know-how/know-how-files.ts';
import { PROJECT_LIMITS } from '@/shared/know-how/project-content.ts';
import { PROJECT_ROOT, type ProjectRow } from '@/shared/protocol/know-how.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import {
  draftOf,
  draftProblem,
  EMPTY_PROJECT_DRAFT,
  type ProjectDraft,
  type ProjectDraftField,
  pickedFilesProblem,
  pickedPath,
  withFileRemoved,
  withFilesAdded,
} from '../../state/know-how/project-draft.ts';
import { useApp } from '../app/app-context.ts';
import { FormDialog } from '../shared/form-dialog.tsx';
import { formatBytes } from '../shared/format.ts';
import { Icon } from '../shared/icons.tsx';

const fieldId = (field: ProjectDraftField | 'instructions') => `project-edit-${field}`;

/**
 * Creates or edits a project in a modal dialog: its name, standing instructions, and
 * knowledge files (files or a folder added, listed with sizes, one removed). Files past
 * the project's limits are refused with the reason before they are read. Esc or Cancel
 * closes without saving.
 */
export function ProjectEditor(props: { project: ProjectRow | null; onClose: () => void }) {
  const { projects } = useApp();
  const [draft, setDraft] = createSignal<ProjectDraft>(
    props.project ? draftOf(props.project) : { ...EMPTY_PROJECT_DRAFT },
  );
  const [error, setError] = createSignal<{ field: ProjectDraftField | null; message: string } | null>(null);
  const [isBusy, setBusy] = createSignal(false);
  let filesPicker: HTMLInputElement | undefined;
  let folderPicker: HTMLInputElement | undefined;

  function update(change: Partial<ProjectDraft>, field: ProjectDraftField): void {
    setDraft((current) => ({ ...current, ...change }));
    if (error()?.field === field) setError(null);
  }

  async function addPicked(input: HTMLInputElement): Promise<void> {
    const picked = Array.from(input.files ?? []).map((file) => ({ path: pickedPath(file), file }));
    input.value = '';
    if (picked.length === 0) return;
    const early = pickedFilesProblem(
      draft().files,
      picked.map(({ path, file }) => ({ path, size: file.size })),
    );
    if (early) {
      setError({ field: 'files', message: early });
      return;
    }
    setBusy(true);
    try {
      const read = await Promise.all(
        picked.map(async ({ path, file }) => ({ path, bytes: new Uint8Array(await file.arrayBuffer()) })),
      );
      const added = withFilesAdded(draft().files, read);
      setDraft((current) => ({ ...current, files: added.files }));
      setError(added.problem ? { field: 'files', message: added.problem } : null);
    } catch (failure) {
      setError({ field: 'files', message: `The files could not be read: ${errorMessage(failure)}` });
    } finally {
      setBusy(false);
    }
  }

  async function save(): Promise<void> {
    const problem = draftProblem(draft());
    if (problem) {
      setError(problem);
      document.getElementById(fieldId(problem.field))?.focus();
      return;
    }
    setBusy(true);
    try {
      if (props.project) await projects.update(props.project.id, draft());
      else await projects.create(draft());
      props.onClose();
    } catch (failure) {
      setError({ field: null, message: `Not saved: ${errorMessage(failure)}` });
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: ProjectDraftField | null) => (error()?.field === field ? error()?.message : null);
  const title = () => (props.project ? 'Edit project' : 'New project');

  return (
    <FormDialog
      class="project-dialog"
      labelledBy="project-edit-title"
      focusId={fieldId('name')}
      onClose={props.onClose}
      onSubmit={() => void save()}
      error={errorOf(null)}
      submitLabel={props.project ? 'Save' : 'Create project'}
      isBusy={isBusy()}
    >
      <h2 id="project-edit-title">{title()}</h2>
      <p class="dialog-intro">
        A conversation started in the project keeps its instructions as they are then, and reads its files at{' '}
        {PROJECT_ROOT}/ as they are now (it cannot change them).
      </p>
      <div class="field">
        <label for={fieldId('name')}>Name</label>
        <input
          id={fieldId('name')}
          value={draft().name}
          autocomplete="off"
          aria-invalid={errorOf('name') !== null}
          aria-describedby={errorOf('name') ? `${fieldId('name')}-error` : undefined}
          onInput={(event) => update({ name: event.currentTarget.value }, 'name')}
        />
        <Show when={errorOf('name')}>
          {(message) => (
            <p id={`${fieldId('name')}-error`} class="form-error" role="alert">
              {message()}
            </p>
          )}
        </Show>
      </div>
      <div class="field">
        <label for={fieldId('instructions')}>Instructions</label>
        <textarea
          id={fieldId('instructions')}
          class="project-instructions-input"
          rows={5}
          placeholder="What the agent should always know or do in this project"
          value={draft().instructions}
          onInput={(event) =>
            setDraft((current) => ({ ...current, instructions: event.currentTarget.value }))
          }
        />
      </div>
      <fieldset class="field project-files-field" aria-describedby="project-files-total">
        <legend>Knowledge files</legend>
        <div class="project-files-buttons">
          <button
            type="button"
            id={fieldId('files')}
            class="button small"
            disabled={isBusy()}
            onClick={() => filesPicker?.click()}
          >
            <Icon name="paperclip" size={14} />
            Add files
          </button>
          <button
            type="button"
            class="button small"
            disabled={isBusy()}
            onClick={() => folderPicker?.click()}
          >
            <Icon name="folder" size={14} />
            Add folder
          </button>
          <span id="project-files-total" class="field-hint project-files-total">
            {draft().files.length} {draft().files.length === 1 ? 'file' : 'files'} ·{' '}
            {formatBytes(totalBytesOf(draft().files))} of {formatBytes(PROJECT_LIMITS.maxBytes)}
          </span>
        </div>
        <Show when={errorOf('files')}>
          {(message) => (
            <p class="form-error" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <Show when={draft().files.length > 0}>
          <ul class="project-files" aria-label="Knowledge files">
            <For each={draft().files}>
              {(file) => (
                <li class="project-file">
                  <Icon name="file" size={14} />
                  <span class="project-file-path" title={file.path}>
                    {file.path}
                  </span>
                  <span class="project-file-size">{formatBytes(file.bytes.byteLength)}</span>
                  <button
                    type="button"
                    class="icon-button"
                    aria-label={`Remove ${file.path}`}
                    title="Remove"
                    onClick={() => update({ files: withFileRemoved(draft().files, file.path) }, 'files')}
                  >
                    <Icon name="close" size={12} />
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </fieldset>
      {/* Outside the fieldset: `.field input` would make these hidden pickers as wide as the dialog. */}
      <input
        ref={filesPicker}
        class="visually-hidden"
        type="file"
        multiple
        tabIndex={-1}
        aria-label="Knowledge files to add"
        onChange={(event) => void addPicked(event.currentTarget)}
      />
      <input
        ref={(element) => {
          folderPicker = element;
          element.webkitdirectory = true;
        }}
        class="visually-hidden"
        type="file"
        tabIndex={-1}
        aria-label="Knowledge folder to add"
        onChange={(event) => void addPicked(event.currentTarget)}
      />
    </FormDialog>
  );
}

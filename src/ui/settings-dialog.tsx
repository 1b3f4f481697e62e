import { createEffect, createSignal, on, Show } from 'solid-js';
import { errorMessage } from '../state/agent-client.ts';
import { formFromSettings, type SettingsForm, validateSettingsForm } from '../state/settings-form.ts';
import { useApp } from './app-context.ts';
import { SandboxFields } from './settings-sandbox-fields.tsx';

type TextFieldName = 'baseUrl' | 'apiKey' | 'model' | 'stepBudget';

/**
 * The settings in a modal dialog: the provider (Base URL, API key, Model, Step budget) and
 * the sandbox (Node runtime, network allow-list, workspace size limit). Invalid input shows
 * a message and saves nothing; Esc or Cancel closes without saving.
 */
export function SettingsDialog() {
  const { settings, ui } = useApp();
  const [form, setForm] = createSignal<SettingsForm>(formFromSettings(settings.state.settings));
  const [error, setError] = createSignal<string | null>(null);
  const [invalidField, setInvalidField] = createSignal<keyof SettingsForm | null>(null);
  const [isSaving, setSaving] = createSignal(false);
  let dialog: HTMLDialogElement | undefined;
  let firstField: HTMLInputElement | undefined;

  createEffect(
    on(ui.isSettingsOpen, (open) => {
      if (!dialog) return;
      if (open && !dialog.open) {
        setForm(formFromSettings(settings.state.settings));
        setError(null);
        setInvalidField(null);
        dialog.showModal();
        firstField?.focus();
      } else if (!open && dialog.open) {
        dialog.close();
      }
    }),
  );

  function update<Field extends keyof SettingsForm>(field: Field, value: SettingsForm[Field]): void {
    setForm((current) => ({ ...current, [field]: value }));
  }

  async function save(): Promise<void> {
    const result = validateSettingsForm(form(), settings.state.settings);
    if (!result.ok) {
      setError(result.message);
      setInvalidField(result.field);
      if (result.field) document.getElementById(`settings-${result.field}`)?.focus();
      return;
    }
    setInvalidField(null);
    setSaving(true);
    try {
      await settings.save(result.settings);
      ui.setSettingsOpen(false);
    } catch (failure) {
      setError(`Not saved: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  }

  function field(
    name: TextFieldName,
    label: string,
    attributes: { type: string; hint: string; autocomplete?: string },
  ) {
    const id = `settings-${name}`;
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          ref={(element) => {
            if (name === 'baseUrl') firstField = element;
          }}
          type={attributes.type}
          autocomplete={attributes.autocomplete ?? 'off'}
          spellcheck={false}
          aria-describedby={invalidField() === name ? `${id}-hint settings-error` : `${id}-hint`}
          aria-invalid={invalidField() === name ? 'true' : undefined}
          value={form()[name]}
          onInput={(event) => update(name, event.currentTarget.value)}
          {...(attributes.type === 'number' ? { min: 1, max: 10_000, step: 1 } : {})}
        />
        <p class="field-hint" id={`${id}-hint`}>
          {attributes.hint}
        </p>
      </div>
    );
  }

  return (
    <dialog
      ref={dialog}
      class="settings-dialog"
      aria-labelledby="settings-title"
      onCancel={() => ui.setSettingsOpen(false)}
      onClose={() => ui.setSettingsOpen(false)}
    >
      <form
        novalidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id="settings-title">Settings</h2>
        <p class="dialog-intro">
          Sandpiper calls any OpenAI-compatible chat completions API directly from this tab. These values are
          stored only in this browser.
        </p>
        {field('baseUrl', 'Base URL', {
          type: 'url',
          hint: 'For example https://api.openai.com/v1 or http://localhost:11434/v1.',
        })}
        {field('apiKey', 'API key', {
          type: 'password',
          hint: 'Sent only to the Base URL. Leave empty for local servers that need none.',
          autocomplete: 'new-password',
        })}
        {field('model', 'Model', { type: 'text', hint: 'The model name the API expects, e.g. gpt-4o-mini.' })}
        {field('stepBudget', 'Step budget', {
          type: 'number',
          hint: 'Model calls per run before the agent asks whether to continue (1–10000).',
        })}
        <SandboxFields form={form()} invalidField={invalidField()} onChange={update} />
        <Show when={error()}>
          {(message) => (
            <p class="form-error" id="settings-error" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <footer class="dialog-actions">
          <button type="button" class="button" onClick={() => ui.setSettingsOpen(false)}>
            Cancel
          </button>
          <button type="submit" class="button primary" disabled={isSaving()}>
            Save
          </button>
        </footer>
      </form>
    </dialog>
  );
}

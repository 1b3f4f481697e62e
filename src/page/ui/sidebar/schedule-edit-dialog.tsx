import { createMemo, createSignal, For, Show } from 'solid-js';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { localTimeZone } from '@/shared/schedules/schedule-timing.ts';
import { localTime } from '@/shared/schedules/schedule-words.ts';
import { errorMessage } from '../../state/app/agent-client.ts';
import { SCHEDULES_NOTE } from '../../state/schedules/schedule-facts.ts';
import {
  formFromSchedule,
  type ScheduleForm,
  type ScheduleFormField,
  timingPreview,
  validateScheduleForm,
} from '../../state/schedules/schedule-form.ts';
import { useApp } from '../app/app-context.ts';
import { FormDialog } from '../shared/form-dialog.tsx';
import { useSchedules } from './schedule-services.ts';

const fieldId = (field: ScheduleFormField) => `schedule-edit-${field}`;

/** Every IANA zone the browser knows, for the time zone field's suggestions. */
function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * Edits a schedule in a modal dialog: name, time (a cron with a live reading and its next
 * run, or an interval in hours), time zone, prompt and provider. Only what changed is sent;
 * the worker's refusal (a bad cron) is shown and nothing is saved. Esc or Cancel closes.
 */
export function ScheduleEditDialog(props: { schedule: Schedule; onClose: () => void }) {
  const { settings } = useApp();
  const { schedules } = useSchedules();
  const [form, setForm] = createSignal<ScheduleForm>(formFromSchedule(props.schedule));
  const [error, setError] = createSignal<{ field: ScheduleFormField | null; message: string } | null>(null);
  const [isSaving, setSaving] = createSignal(false);
  const preview = createMemo(() => timingPreview(form(), props.schedule.createdAt, Date.now()));
  const providers = () => settings.state.settings.providers;
  const isProviderMissing = () => !providers().some((provider) => provider.id === form().providerId);
  const timeField = (): ScheduleFormField => (form().type === 'cron' ? 'cron' : 'intervalHours');

  function update<Field extends keyof ScheduleForm>(field: Field, value: ScheduleForm[Field]): void {
    setForm((current) => ({ ...current, [field]: value }));
    if (error()?.field === field) setError(null);
  }

  const invalid = (field: ScheduleFormField) => {
    const current = preview();
    return error()?.field === field || (!current.ok && current.field === field && field === timeField());
  };

  async function save(): Promise<void> {
    const checked = validateScheduleForm(
      form(),
      props.schedule,
      providers().map((provider) => provider.id),
    );
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      document.getElementById(fieldId(checked.field))?.focus();
      return;
    }
    if (Object.keys(checked.edit).length === 0) return props.onClose();
    setSaving(true);
    try {
      await schedules.edit(props.schedule.id, checked.edit);
      props.onClose();
    } catch (failure) {
      setError({ field: null, message: `Not saved: ${errorMessage(failure)}` });
    } finally {
      setSaving(false);
    }
  }

  const previewText = () => {
    const current = preview();
    if (!current.ok) return current.message;
    if (current.next === null) return `${current.words} · it never runs again`;
    const zone = form().timeZone.trim();
    const there = zone === localTimeZone() ? '' : ` (${localTime(current.next, zone)} in ${zone})`;
    return `${current.words} · next: ${localTime(current.next)}${there}`;
  };

  return (
    <FormDialog
      class="schedule-dialog"
      labelledBy="schedule-edit-title"
      focusId={fieldId('name')}
      onClose={props.onClose}
      onSubmit={() => void save()}
      error={error()?.message}
      submitLabel="Save"
      isBusy={isSaving()}
    >
      <h2 id="schedule-edit-title">Edit schedule</h2>
      <p class="dialog-intro">{SCHEDULES_NOTE}</p>
      <div class="field">
        <label for={fieldId('name')}>Name</label>
        <input
          id={fieldId('name')}
          value={form().name}
          aria-invalid={invalid('name')}
          onInput={(event) => update('name', event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <Show
          when={form().type === 'cron'}
          fallback={
            <>
              <label for={fieldId('intervalHours')}>Every (hours)</label>
              <input
                id={fieldId('intervalHours')}
                inputMode="decimal"
                value={form().intervalHours}
                aria-invalid={invalid('intervalHours')}
                aria-describedby="schedule-edit-preview"
                onInput={(event) => update('intervalHours', event.currentTarget.value)}
              />
            </>
          }
        >
          <label for={fieldId('cron')}>Time (cron: seconds minutes hours day month weekday)</label>
          <input
            id={fieldId('cron')}
            class="schedule-cron-input"
            spellcheck={false}
            autocomplete="off"
            value={form().cron}
            aria-invalid={invalid('cron')}
            aria-describedby="schedule-edit-preview"
            onInput={(event) => update('cron', event.currentTarget.value)}
          />
        </Show>
        <p
          id="schedule-edit-preview"
          class="field-hint schedule-preview"
          classList={{ 'is-invalid': !preview().ok }}
          aria-live="polite"
        >
          {previewText()}
        </p>
      </div>
      <div class="field">
        <label for={fieldId('timeZone')}>Time zone</label>
        <input
          id={fieldId('timeZone')}
          list="schedule-time-zones"
          autocomplete="off"
          value={form().timeZone}
          aria-invalid={invalid('timeZone')}
          onInput={(event) => update('timeZone', event.currentTarget.value)}
        />
        <datalist id="schedule-time-zones">
          <For each={knownTimeZones()}>{(zone) => <option value={zone} />}</For>
        </datalist>
      </div>
      <div class="field">
        <label for={fieldId('prompt')}>Prompt</label>
        <textarea
          id={fieldId('prompt')}
          class="schedule-prompt-input"
          rows={4}
          value={form().prompt}
          aria-invalid={invalid('prompt')}
          onInput={(event) => update('prompt', event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={fieldId('providerId')}>Provider</label>
        <select
          id={fieldId('providerId')}
          value={form().providerId}
          aria-invalid={invalid('providerId')}
          onChange={(event) => update('providerId', event.currentTarget.value)}
        >
          <Show when={isProviderMissing()}>
            <option value={form().providerId}>Deleted provider: choose another</option>
          </Show>
          <For each={providers()}>
            {(provider) => (
              <option value={provider.id}>
                {provider.name}
                {provider.model ? ` · ${provider.model}` : ''}
              </option>
            )}
          </For>
        </select>
      </div>
    </FormDialog>
  );
}

import { type JSX, Show } from 'solid-js';
import type { SettingsForm } from '../../state/settings/settings-form.ts';

/** The run fields typed as a number where empty means no limit. */
export type LimitFieldName =
  | 'tokenBudget'
  | 'runTimeLimitMinutes'
  | 'spendCapPerRunUsd'
  | 'spendCapPerDayUsd';

/**
 * A limit typed as a number, where empty means no limit: its label, the box, its hint, and
 * when the last save refused it, the reason right under the box (which the box names as
 * its description, so a screen reader reads it on focus).
 */
export function LimitField(props: {
  form: SettingsForm;
  field: LimitFieldName;
  label: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  /** The reason the last save refused this field, or null. */
  error: string | null;
  onChange: (field: LimitFieldName, value: string) => void;
  children: JSX.Element;
}) {
  const id = () => `settings-${props.field}`;
  return (
    <div class="field">
      <label for={id()}>{props.label}</label>
      <input
        id={id()}
        type="text"
        inputMode={props.inputMode ?? 'numeric'}
        autocomplete="off"
        placeholder={props.placeholder ?? 'No limit'}
        aria-describedby={props.error ? `${id()}-error ${id()}-hint` : `${id()}-hint`}
        aria-invalid={props.error ? 'true' : undefined}
        value={props.form[props.field]}
        onInput={(event) => props.onChange(props.field, event.currentTarget.value)}
      />
      <Show when={props.error}>
        {(message) => (
          <p class="field-error" id={`${id()}-error`}>
            {message()}
          </p>
        )}
      </Show>
      <p class="field-hint" id={`${id()}-hint`}>
        {props.children}
      </p>
    </div>
  );
}

import type { JSX } from 'solid-js';
import type { SettingsForm } from '../../state/settings/settings-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';

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
  onChange: (field: LimitFieldName, value: string) => void;
  children: JSX.Element;
}) {
  const id = () => `settings-${props.field}`;
  const errors = useFieldErrors();
  return (
    <div class="field">
      <label for={id()}>{props.label}</label>
      <input
        id={id()}
        type="text"
        inputMode={props.inputMode ?? 'numeric'}
        autocomplete="off"
        placeholder={props.placeholder ?? 'No limit'}
        aria-describedby={errors.describedBy(id(), `${id()}-hint`)}
        aria-invalid={errors.invalid(id())}
        value={props.form[props.field]}
        onInput={(event) => props.onChange(props.field, event.currentTarget.value)}
      />
      <FieldError fieldId={id()} />
      <p class="field-hint" id={`${id()}-hint`}>
        {props.children}
      </p>
    </div>
  );
}

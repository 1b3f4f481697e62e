import type { JSX } from 'solid-js';
import { MINIMUM_TOKEN_BUDGET, type SettingsForm } from '../../state/settings/settings-form.ts';
import './settings-fields.css';

type RunField = 'stepBudget' | 'tokenBudget' | 'runTimeLimitMinutes' | 'interruptedRuns';

/**
 * The run part of the settings form: the step budget, the token budget and the time limit
 * per run, and what a run a closed page interrupted does when the app opens again.
 */
export function RunFields(props: {
  form: SettingsForm;
  invalidField: string | null;
  onChange: <Field extends RunField>(field: Field, value: SettingsForm[Field]) => void;
}) {
  const describedBy = (field: RunField) =>
    props.invalidField === field ? `settings-${field}-hint settings-error` : `settings-${field}-hint`;

  return (
    <fieldset class="settings-group">
      <legend>Runs</legend>
      <div class="field-row">
        <div class="field">
          <label for="settings-stepBudget">Step budget</label>
          <input
            id="settings-stepBudget"
            type="number"
            inputMode="numeric"
            min={1}
            max={10_000}
            step={1}
            aria-describedby={describedBy('stepBudget')}
            aria-invalid={props.invalidField === 'stepBudget' ? 'true' : undefined}
            value={props.form.stepBudget}
            onInput={(event) => props.onChange('stepBudget', event.currentTarget.value)}
          />
          <p class="field-hint" id="settings-stepBudget-hint">
            Model calls per run before the agent asks whether to continue (1–10000).
          </p>
        </div>
        <NoLimitField
          {...props}
          field="tokenBudget"
          label="Token budget per run"
          describedBy={describedBy('tokenBudget')}
        >
          Tokens a run may spend before the agent asks whether to continue. Empty: no limit; otherwise at
          least {MINIMUM_TOKEN_BUDGET.toLocaleString('en-US')}.
        </NoLimitField>
      </div>
      <NoLimitField
        {...props}
        field="runTimeLimitMinutes"
        label="Time limit per run (minutes)"
        describedBy={describedBy('runTimeLimitMinutes')}
      >
        How long a run may work before it stops what it is doing and asks whether to continue. Empty: no
        limit.
      </NoLimitField>
      <div class="field">
        <label for="settings-interruptedRuns">Interrupted runs</label>
        <select
          id="settings-interruptedRuns"
          aria-describedby="settings-interruptedRuns-hint"
          value={props.form.interruptedRuns}
          onChange={(event) =>
            props.onChange('interruptedRuns', event.currentTarget.value === 'continue' ? 'continue' : 'ask')
          }
        >
          <option value="ask">Ask me</option>
          <option value="continue">Continue by itself</option>
        </select>
        <p class="field-hint" id="settings-interruptedRuns-hint">
          When a page closes (or the agent crashes) mid-run: ask you whether to continue, or go on from where
          it stopped (after 3 restarts in a row without a word from you, it asks).
        </p>
      </div>
    </fieldset>
  );
}

/** A limit typed as a number, where empty means no limit. */
function NoLimitField(props: {
  form: SettingsForm;
  invalidField: string | null;
  onChange: (field: 'tokenBudget' | 'runTimeLimitMinutes', value: string) => void;
  field: 'tokenBudget' | 'runTimeLimitMinutes';
  label: string;
  describedBy: string;
  children: JSX.Element;
}) {
  return (
    <div class="field">
      <label for={`settings-${props.field}`}>{props.label}</label>
      <input
        id={`settings-${props.field}`}
        type="text"
        inputMode="numeric"
        autocomplete="off"
        placeholder="No limit"
        aria-describedby={props.describedBy}
        aria-invalid={props.invalidField === props.field ? 'true' : undefined}
        value={props.form[props.field]}
        onInput={(event) => props.onChange(props.field, event.currentTarget.value)}
      />
      <p class="field-hint" id={`settings-${props.field}-hint`}>
        {props.children}
      </p>
    </div>
  );
}

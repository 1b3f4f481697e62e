import { MAX_RETRIES } from '@/shared/protocol/settings.ts';
import type { ProvidersForm } from '../../state/settings/providers-form.ts';
import { MINIMUM_TOKEN_BUDGET, type SettingsForm } from '../../state/settings/settings-form.ts';
import { FieldError, useFieldErrors } from './field-errors.tsx';
import { LimitField, type LimitFieldName } from './settings-limit-field.tsx';
import { SpendCapFields } from './settings-spend-caps.tsx';
import './settings-fields.css';

type RunField = 'stepBudget' | 'maxRetries' | 'interruptedRuns' | LimitFieldName;

/**
 * The run part of the settings form: the step budget, the token budget, the time limit and
 * the spend caps, and what a run a closed page interrupted does when the app opens again.
 * A refused field shows its reason right under it.
 */
export function RunFields(props: {
  form: SettingsForm;
  /** The providers as edited in this dialog (for the spend caps' note on prices). */
  providers: ProvidersForm;
  /** Opens a provider's editor at its prices. */
  onEditPrices: (providerId: string) => void;
  onChange: <Field extends RunField>(field: Field, value: SettingsForm[Field]) => void;
}) {
  const errors = useFieldErrors();
  const describedBy = (field: RunField) => errors.describedBy(`settings-${field}`, `settings-${field}-hint`);

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
            aria-invalid={errors.invalid('settings-stepBudget')}
            value={props.form.stepBudget}
            onInput={(event) => props.onChange('stepBudget', event.currentTarget.value)}
          />
          <FieldError fieldId="settings-stepBudget" />
          <p class="field-hint" id="settings-stepBudget-hint">
            Model calls per run before the agent asks whether to continue (1–10000).
          </p>
        </div>
        <LimitField
          form={props.form}
          onChange={props.onChange}
          field="tokenBudget"
          label="Token budget per run"
        >
          Tokens a run may spend before the agent asks whether to continue. Empty: no limit; otherwise at
          least {MINIMUM_TOKEN_BUDGET.toLocaleString('en-US')}.
        </LimitField>
      </div>
      <div class="field-row">
        <LimitField
          form={props.form}
          onChange={props.onChange}
          field="runTimeLimitMinutes"
          label="Time limit per run (minutes)"
        >
          How long a run may work before it stops what it is doing and asks whether to continue. Empty: no
          limit.
        </LimitField>
        <div class="field">
          <label for="settings-maxRetries">Retries</label>
          <input
            id="settings-maxRetries"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_RETRIES}
            step={1}
            aria-describedby={describedBy('maxRetries')}
            aria-invalid={errors.invalid('settings-maxRetries')}
            value={props.form.maxRetries}
            onInput={(event) => props.onChange('maxRetries', event.currentTarget.value)}
          />
          <FieldError fieldId="settings-maxRetries" />
          <p class="field-hint" id="settings-maxRetries-hint">
            Times a model request that failed on something passing (a dropped connection, a rate limit, a
            server error) is sent again, waiting longer each time, before the run pauses with Retry and Stop
            (0–
            {MAX_RETRIES}).
          </p>
        </div>
      </div>
      <SpendCapFields
        form={props.form}
        providers={props.providers}
        onChange={props.onChange}
        onEditPrices={props.onEditPrices}
      />
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

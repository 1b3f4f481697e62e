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
        <div class="field">
          <label for="settings-tokenBudget">Token budget per run</label>
          <input
            id="settings-tokenBudget"
            type="text"
            inputMode="numeric"
            autocomplete="off"
            placeholder="No limit"
            aria-describedby={describedBy('tokenBudget')}
            aria-invalid={props.invalidField === 'tokenBudget' ? 'true' : undefined}
            value={props.form.tokenBudget}
            onInput={(event) => props.onChange('tokenBudget', event.currentTarget.value)}
          />
          <p class="field-hint" id="settings-tokenBudget-hint">
            Tokens a run may spend before the agent asks whether to continue. Empty: no limit; otherwise at
            least {MINIMUM_TOKEN_BUDGET.toLocaleString('en-US')}.
          </p>
        </div>
      </div>
      <div class="field">
        <label for="settings-runTimeLimitMinutes">Time limit per run (minutes)</label>
        <input
          id="settings-runTimeLimitMinutes"
          type="text"
          inputMode="numeric"
          autocomplete="off"
          placeholder="No limit"
          aria-describedby={describedBy('runTimeLimitMinutes')}
          aria-invalid={props.invalidField === 'runTimeLimitMinutes' ? 'true' : undefined}
          value={props.form.runTimeLimitMinutes}
          onInput={(event) => props.onChange('runTimeLimitMinutes', event.currentTarget.value)}
        />
        <p class="field-hint" id="settings-runTimeLimitMinutes-hint">
          How long a run may work before it stops what it is doing and asks whether to continue. Empty: no
          limit.
        </p>
      </div>
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
          When a page closes mid-run, the next time the app opens: wait for a message from you, or go on from
          where it stopped.
        </p>
      </div>
    </fieldset>
  );
}

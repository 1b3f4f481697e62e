import { For, Show } from 'solid-js';
import type { ProvidersForm } from '../../state/settings/providers-form.ts';
import type { SettingsForm } from '../../state/settings/settings-form.ts';
import { unpricedProviders } from '../../state/settings/spend-caps.ts';
import { Icon } from '../shared/icons.tsx';
import { LimitField } from './settings-limit-field.tsx';

type SpendCapField = 'spendCapPerRunUsd' | 'spendCapPerDayUsd';

/**
 * Settings → Runs: the spend caps per run and per day, in US dollars, and once a cap is typed,
 * beside them the providers it cannot apply to (no prices, or a model in this browser), each
 * with a way to its prices.
 */
export function SpendCapFields(props: {
  form: SettingsForm;
  providers: ProvidersForm;
  onChange: (field: SpendCapField, value: string) => void;
  onEditPrices: (providerId: string) => void;
}) {
  const unpriced = () => unpricedProviders(props.providers);
  const hasCap = () =>
    props.form.spendCapPerRunUsd.trim() !== '' || props.form.spendCapPerDayUsd.trim() !== '';
  const hasUnpriced = () =>
    hasCap() && (unpriced().withoutPrices.length > 0 || unpriced().inBrowser.length > 0);

  return (
    <>
      <div class="field-row">
        <LimitField
          form={props.form}
          field="spendCapPerRunUsd"
          label="Spend cap per run (US$)"
          placeholder="No cap"
          inputMode="decimal"
          onChange={(field, value) => props.onChange(field as SpendCapField, value)}
        >
          Dollars a run may spend since you last wrote, at its provider’s prices, before the agent asks
          whether to continue. Empty: no cap.
        </LimitField>
        <LimitField
          form={props.form}
          field="spendCapPerDayUsd"
          label="Spend cap per day (US$)"
          placeholder="No cap"
          inputMode="decimal"
          onChange={(field, value) => props.onChange(field as SpendCapField, value)}
        >
          Dollars all conversations together (sub-agents too) may spend since midnight before a run asks
          whether to continue. Empty: no cap.
        </LimitField>
      </div>
      <Show when={hasUnpriced()}>
        <div class="spend-cap-note" role="note" aria-label="Where the spend caps cannot apply">
          <Icon name="info" size={14} />
          <div>
            <Show when={unpriced().withoutPrices.length > 0}>
              <p>
                The caps cannot apply to runs on a provider without prices: what they spend is unknown. Add
                prices per million tokens under Providers:
              </p>
              <ul class="spend-cap-providers">
                <For each={unpriced().withoutPrices}>
                  {(provider) => (
                    <li>
                      <button
                        type="button"
                        class="link-button"
                        onClick={() => props.onEditPrices(provider.id)}
                      >
                        Set prices for {provider.name}
                      </button>
                      <Show when={provider.isActive}>
                        <span class="spend-cap-active"> (new conversations use it)</span>
                      </Show>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <Show when={unpriced().inBrowser.length > 0}>
              <p>
                Runs on an in-browser model (
                {unpriced()
                  .inBrowser.map((provider) => provider.name)
                  .join(', ')}
                ) cost no money per token, so no cap counts them.
              </p>
            </Show>
          </div>
        </div>
      </Show>
    </>
  );
}

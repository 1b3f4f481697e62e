import { Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { providerFor } from '@/shared/protocol/settings.ts';
import { formatCost, readTokenMeter } from '../../state/thread/token-meter.ts';
import { useApp } from '../app/app-context.ts';
import { formatTokenCount } from '../shared/format.ts';
import { SpendMeter, SpendRows, useSpendReading } from './spend-meter.tsx';
import './header-controls.css';

const POPOVER_ID = 'token-meter-details';

/**
 * The header's token meter: the conversation's tokens so far (and their estimated cost
 * when its provider has prices), with a popover breaking them down. Updates as each
 * model call's usage arrives. While a run works on a provider with prices, the
 * live spend figure follows the button, and the popover breaks it down too.
 */
export function TokenMeter(props: { conversation: Conversation }) {
  const { thread, settings } = useApp();
  // While no provider is saved, no prices either: the note asks to add one.
  const provider = () =>
    providerFor(settings.state.settings, props.conversation.providerId) ?? {
      name: 'a provider',
      prices: null,
    };
  const reading = () => readTokenMeter(thread.state.thread.usage, provider());
  const count = (value: number) => value.toLocaleString('en-US');
  const spend = useSpendReading(() => props.conversation);

  return (
    <>
      <button type="button" class="token-meter" popovertarget={POPOVER_ID}>
        <span class="visually-hidden">Token usage: </span>
        {formatTokenCount(reading().totalTokens)}
        <span class="token-unit"> tokens</span>
        <Show when={reading().cost !== null}>
          <span class="token-cost"> · {formatCost(reading().cost ?? 0)}</span>
        </Show>
      </button>
      <Show when={spend()}>{(reading) => <SpendMeter reading={reading()} />}</Show>
      <div id={POPOVER_ID} class="meter-popover" popover="auto" role="dialog" aria-label="Token usage">
        <dl class="meter-figures">
          <dt>Prompt</dt>
          <dd>{count(reading().prompt)}</dd>
          <dt>of which cached</dt>
          <dd>{count(reading().cached)}</dd>
          <dt>Completion</dt>
          <dd>{count(reading().completion)}</dd>
          <dt>Model calls</dt>
          <dd>{count(reading().modelCalls)}</dd>
          <dt class="meter-cost-label">Estimated cost</dt>
          <dd class="meter-cost">
            <Show when={reading().cost !== null} fallback="no prices set">
              {formatCost(reading().cost ?? 0)}
            </Show>
          </dd>
          <Show when={spend()}>{(running) => <SpendRows reading={running()} />}</Show>
        </dl>
        <p class="meter-note">
          <Show
            when={reading().cost !== null}
            fallback={<>Add prices to {reading().providerName} in Settings → Providers to see a cost.</>}
          >
            At {reading().providerName}’s prices, for every call of this conversation.
          </Show>
        </p>
      </div>
    </>
  );
}

import { type Accessor, createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import type { Conversation } from '@/shared/protocol/conversation.ts';
import { providerFor } from '@/shared/protocol/settings.ts';
import { type DaySpend, formatDollars } from '@/shared/protocol/spend.ts';
import { coalescedRefresh, readSpendMeter, type SpendMeterReading } from '../../state/thread/spend-meter.ts';
import { useApp } from '../app/app-context.ts';

/**
 * The live spend reading of the open conversation while a run works (or waits at a
 * question): the run's spend since the person last spoke, and with a cap per day, today's
 * spend by every conversation, read from the worker's ledger each time a model turn or a
 * tool's request lands anywhere. Null when no run works or its provider has no prices.
 */
export function useSpendReading(conversation: Accessor<Conversation>): Accessor<SpendMeterReading | null> {
  const { thread, settings, client } = useApp();
  const [day, setDay] = createSignal<DaySpend | null>(null);
  const isWorking = () => conversation().status === 'running' || conversation().status === 'asking';
  const hasDayCap = () => (settings.state.settings.spendCapPerDayUsd ?? null) !== null;
  const refresh = coalescedRefresh(async () => {
    const today = await client.api.spendToday();
    setDay(today);
  });
  createEffect(
    on([isWorking, hasDayCap], ([working, capped]) => {
      if (working && capped) refresh();
    }),
  );
  const unsubscribe = client.subscribe((message) => {
    if (message.type !== 'event' || !isWorking() || !hasDayCap()) return;
    const { body } = message.event;
    if ((body.type === 'assistant_turn' || body.type === 'envelope') && body.usage) refresh();
  });
  onCleanup(unsubscribe);
  return () => {
    const provider = providerFor(settings.state.settings, conversation().providerId);
    if (!isWorking() || !provider) return null;
    return readSpendMeter({
      runUsage: thread.state.thread.runUsage,
      provider,
      settings: settings.state.settings,
      day: day(),
    });
  };
}

function isPast(spent: number, cap: number | null): boolean {
  return cap !== null && spent >= cap;
}

/**
 * The header's live spend figure: the run's spend against its cap, and today's against the
 * cap per day. A narrow header (beside the Computer panel, or a phone's) shows only the
 * figure nearer its cap; the token meter's popover always has both.
 */
export function SpendMeter(props: { reading: SpendMeterReading }) {
  const reading = () => props.reading;
  return (
    <span
      class="spend-meter"
      classList={{
        'is-past':
          isPast(reading().runUsd, reading().runCapUsd) ||
          isPast(reading().day?.spentUsd ?? 0, reading().day?.capUsd ?? null),
      }}
      data-spend-meter
      title="Spent by this run since you last wrote, and today by every conversation, at the providers’ prices"
    >
      <span
        class="spend-figure"
        classList={{ 'is-past': isPast(reading().runUsd, reading().runCapUsd) }}
        data-nearest={reading().nearest === 'run' ? 'true' : 'false'}
      >
        <span class="spend-label">Run </span>
        {formatDollars(reading().runUsd)}
        <Show when={reading().runCapUsd}>
          {(cap) => <span class="spend-cap"> of {formatDollars(cap())}</span>}
        </Show>
      </span>
      <Show when={reading().day}>
        {(today) => (
          <span
            class="spend-figure"
            classList={{ 'is-past': isPast(today().spentUsd, today().capUsd) }}
            data-nearest={reading().nearest === 'day' ? 'true' : 'false'}
          >
            <span class="spend-separator" aria-hidden="true">
              {' · '}
            </span>
            <span class="spend-label">Today </span>
            {formatDollars(today().spentUsd)}
            <span class="spend-cap"> of {formatDollars(today().capUsd)}</span>
          </span>
        )}
      </Show>
    </span>
  );
}

/** The same figures as rows of the token meter's popover (`<dt>`/`<dd>` pairs). */
export function SpendRows(props: { reading: SpendMeterReading }) {
  const withCap = (spent: number, cap: number | null) =>
    cap === null ? formatDollars(spent) : `${formatDollars(spent)} of ${formatDollars(cap)}`;
  return (
    <>
      <dt class="meter-spend-label">This run</dt>
      <dd class="meter-spend">{withCap(props.reading.runUsd, props.reading.runCapUsd)}</dd>
      <Show when={props.reading.day}>
        {(today) => (
          <>
            <dt>Today, all conversations</dt>
            <dd>{withCap(today().spentUsd, today().capUsd)}</dd>
          </>
        )}
      </Show>
    </>
  );
}

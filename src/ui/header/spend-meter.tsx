import { createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import type { Conversation } from '../../protocol/conversation.ts';
import { providerFor } from '../../protocol/settings.ts';
import { type DaySpend, formatDollars } from '../../protocol/spend.ts';
import { coalescedRefresh, readSpendMeter } from '../../state/thread/spend-meter.ts';
import { useApp } from '../app/app-context.ts';

/**
 * The live spend figure while a run works (or waits at a question): what the run has spent
 * since the person last spoke, against its cap when one is set, and with a cap per day,
 * today's spend by every conversation against it (read from the worker's ledger each time
 * a model turn or a tool's request lands anywhere). Absent when the provider has no prices.
 */
export function SpendMeter(props: { conversation: Conversation }) {
  const { thread, settings, client } = useApp();
  const [day, setDay] = createSignal<DaySpend | null>(null);
  const isWorking = () => props.conversation.status === 'running' || props.conversation.status === 'asking';
  const hasDayCap = () => (settings.state.settings.spendCapPerDayUsd ?? null) !== null;
  const reading = () =>
    readSpendMeter({
      runUsage: thread.state.thread.runUsage,
      provider: providerFor(settings.state.settings, props.conversation.providerId),
      settings: settings.state.settings,
      day: day(),
    });
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

  const isPast = (spent: number, cap: number | null) => cap !== null && spent >= cap;

  return (
    <Show when={isWorking() ? reading() : null}>
      {(meter) => (
        <span class="spend-meter" data-spend-meter>
          <span
            class="spend-figure"
            classList={{ 'is-past': isPast(meter().runUsd, meter().runCapUsd) }}
            title="Spent by this run since you last wrote, at the provider’s prices"
          >
            <span class="spend-label">Run </span>
            <span class="visually-hidden">spent </span>
            {formatDollars(meter().runUsd)}
            <Show when={meter().runCapUsd}>
              {(cap) => <span class="spend-cap"> of {formatDollars(cap())}</span>}
            </Show>
          </span>
          <Show when={meter().day}>
            {(today) => (
              <span
                class="spend-figure"
                classList={{ 'is-past': isPast(today().spentUsd, today().capUsd) }}
                title="Spent today by every conversation, against the cap per day"
              >
                <span class="spend-label">Today </span>
                <span class="visually-hidden">spent </span>
                {formatDollars(today().spentUsd)}
                <span class="spend-cap"> of {formatDollars(today().capUsd)}</span>
              </span>
            )}
          </Show>
        </span>
      )}
    </Show>
  );
}

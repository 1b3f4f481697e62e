import type { TokenUsage } from '@/shared/protocol/events.ts';
import { estimateCost, type ProviderSetup } from '@/shared/protocol/providers.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';
import type { DaySpend } from '@/shared/protocol/spend.ts';

/** What the header's live spend figure shows while a run works. */
export type SpendMeterReading = {
  /** Dollars this run has spent since the person last spoke, at its provider's prices. */
  runUsd: number;
  /** The cap per run, or null when none is set. */
  runCapUsd: number | null;
  /** Today's spend and the cap per day, when a cap per day is set and today's figure is known. */
  day: { spentUsd: number; capUsd: number } | null;
  /** The figure nearer its cap (the one a phone's header has room for): the run's unless the day's is. */
  nearest: 'run' | 'day';
};

/**
 * The live spend figure for a run on `provider`: null when the provider has no prices (or
 * is an in-browser model), since its spend is unknown. `day` is the worker's latest reading.
 */
export function readSpendMeter(options: {
  runUsage: TokenUsage;
  provider: Pick<ProviderSetup, 'kind' | 'prices'>;
  settings: Pick<AgentSettings, 'spendCapPerRunUsd' | 'spendCapPerDayUsd'>;
  day: DaySpend | null;
}): SpendMeterReading | null {
  const { provider, settings, day } = options;
  if (provider.kind === 'webllm' || !provider.prices) return null;
  const dayCap = settings.spendCapPerDayUsd ?? null;
  const runUsd = estimateCost(provider.prices, options.runUsage);
  const runCapUsd = settings.spendCapPerRunUsd ?? null;
  const today = dayCap !== null && day !== null ? { spentUsd: day.spentUsd, capUsd: dayCap } : null;
  const runShare = runCapUsd === null ? 0 : runUsd / runCapUsd;
  const dayShare = today === null ? 0 : today.spentUsd / today.capUsd;
  return { runUsd, runCapUsd, day: today, nearest: today !== null && dayShare > runShare ? 'day' : 'run' };
}

/**
 * Calls `load` for each `refresh`, never two at once: a refresh asked for while one is in
 * flight runs once after it (however many were asked), so the last reading is never stale.
 */
export function coalescedRefresh(load: () => Promise<void>): () => void {
  let isRunning = false;
  let isWanted = false;
  const run = async (): Promise<void> => {
    isRunning = true;
    try {
      do {
        isWanted = false;
        await load().catch(() => undefined);
      } while (isWanted);
    } finally {
      isRunning = false;
    }
  };
  return () => {
    if (isRunning) isWanted = true;
    else void run();
  };
}

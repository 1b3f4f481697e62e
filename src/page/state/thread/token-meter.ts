import { estimateCost, type ProviderSetup } from '@/shared/protocol/providers.ts';
import type { TokenTotals } from './thread-reducer.ts';

/** What the header's token meter shows for a conversation. */
export type TokenMeterReading = {
  /** Prompt plus completion tokens over every model call so far. */
  totalTokens: number;
  prompt: number;
  /** The part of `prompt` the provider served from its cache. */
  cached: number;
  completion: number;
  modelCalls: number;
  /** The estimated cost in US dollars, or null when the provider has no prices. */
  cost: number | null;
  /** The provider whose prices the estimate uses. */
  providerName: string;
};

/**
 * The meter's figures: the conversation's usage (summed from its assistant turns) and,
 * when its provider has prices, their estimated cost at those prices.
 */
export function readTokenMeter(
  usage: TokenTotals,
  provider: Pick<ProviderSetup, 'name' | 'prices'>,
): TokenMeterReading {
  return {
    totalTokens: usage.prompt + usage.completion,
    prompt: usage.prompt,
    cached: usage.cached,
    completion: usage.completion,
    modelCalls: usage.turns,
    cost: provider.prices ? estimateCost(provider.prices, usage) : null,
    providerName: provider.name,
  };
}

/** "$0", "<$0.0001", "$0.0042", "$0.012", "$0.31", "$12.40": below a dollar, two significant digits. */
export function formatCost(dollars: number): string {
  if (dollars <= 0) return '$0';
  if (dollars < 0.0001) return '<$0.0001';
  if (dollars < 1) return `$${Number(dollars.toPrecision(2))}`;
  return `$${dollars.toFixed(2)}`;
}

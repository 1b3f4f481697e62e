import { z } from 'zod';
import { TokenUsage } from './events.ts';

/**
 * One row of the spend ledger: the tokens one conversation spent on one provider on one
 * local day (`YYYY-MM-DD`), summed over its model turns and its tools' own model requests.
 * Tokens, not dollars: they are priced when read, at the provider's prices then (as the
 * header's token meter prices a conversation), so a price typed in later applies to them.
 */
export const SpendRow = TokenUsage.extend({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  conversationId: z.string().min(1),
  /** The provider the conversation used when the tokens were recorded ('' when it named none). */
  providerId: z.string(),
});
export type SpendRow = z.infer<typeof SpendRow>;

/** The local calendar day of an instant, as the ledger keys it (`2026-11-27`). */
export function localDay(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Which cap a spend-cap question is about: this run's, the day's, or both at once. */
export const SpendCapScope = z.enum(['run', 'day']);
export type SpendCapScope = z.infer<typeof SpendCapScope>;

/**
 * What a spend-cap question records beside its `runtime_reason` (never read by the model:
 * a runtime question reaches it only as the question and the reply), so a Continue can be
 * told apart by the cap it went past.
 */
export const SpendCapAskMeta = z.looseObject({
  spend_caps: z.array(SpendCapScope).optional(),
});
export type SpendCapAskMeta = z.infer<typeof SpendCapAskMeta>;

/** Today's spend as the header shows it (the worker's `spendToday`). */
export type DaySpend = {
  day: string;
  /** Dollars spent today by every conversation, at the prices their providers have now. */
  spentUsd: number;
  /** Tokens spent today on providers with no prices (not in `spentUsd`). */
  unpricedTokens: number;
  /** The cap per day from the settings, or null when none is set. */
  capUsd: number | null;
};

/** "$0.52", "$12.40", "$0.004": whole cents, or two significant digits below a cent. */
export function formatDollars(dollars: number): string {
  if (dollars <= 0) return '$0.00';
  if (dollars < 0.01) return `$${Number(dollars.toPrecision(2))}`;
  return `$${dollars.toFixed(2)}`;
}

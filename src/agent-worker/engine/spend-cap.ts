import type { EventBody, StoredEvent, TokenUsage } from '../../shared/protocol/events.ts';
import { estimateCost, type ProviderSetup } from '../../shared/protocol/providers.ts';
import type { AgentSettings } from '../../shared/protocol/settings.ts';
import {
  type DaySpend,
  formatDollars,
  localDay,
  SpendCapAskMeta,
  type SpendCapScope,
  type SpendRow,
} from '../../shared/protocol/spend.ts';
import { AskMeta } from '../../shared/protocol/tool-meta/message-meta.ts';
import { indexAfterLast, usageSinceUserInput } from './step-policy.ts';

/** What the spend cap says before a model request. */
export type SpendDecision =
  /** No cap reached (or none set): the request goes out. */
  | { type: 'within' }
  /** A cap is reached: the run asks (reason `spend_cap`) with this question and meta. */
  | { type: 'reached'; question: string; meta: SpendCapAskMeta }
  /** A cap is set but this run's spend is unknown: say so once, then go on. */
  | { type: 'cannot_apply'; notice: EventBody };

/** The settings the spend cap reads. */
export type SpendCapSettings = Pick<
  AgentSettings,
  'spendCapPerRunUsd' | 'spendCapPerDayUsd' | 'providers' | 'activeProviderId'
>;

const _NO_USAGE: TokenUsage = { prompt: 0, completion: 0, cached: 0 };

/**
 * The spend cap of one run (Settings → Runs), checked before every model request.
 *
 * - **Per run**: dollars spent since the person last spoke (a message or a reply), as the
 *   token budget counts tokens: the model turns' usage and the tools' own model requests',
 *   at this run's provider's prices. A Continue is a reply, so it allows another full cap.
 * - **Per day**: dollars spent since local midnight by every conversation (sub-agents' own
 *   included), read from the spend ledger the journal writes with the events (a few rows
 *   per day, see `SpendLedger`), each provider's tokens at its prices now. A Continue at
 *   the day cap lets the current task go on until the day's spend reaches the cap once
 *   more (twice the cap after one Continue, three times after two, counting Continues
 *   given today), so it does not ask again at every request; a new message starts a new
 *   task, which asks again at its first request while the day is past the cap.
 * - **Unknown prices**: when this run's provider has no prices (or runs in this browser),
 *   neither cap can apply; the run says so once per task in a notice and goes on.
 */
export class SpendCap {
  constructor(
    private readonly context: {
      settings: SpendCapSettings;
      /** The run's provider: its prices price the run's own spend. */
      provider: Pick<ProviderSetup, 'name' | 'kind' | 'prices'>;
      ledger: { day(day: string): Promise<SpendRow[]> };
      now: () => number;
    },
  ) {}

  /** True when a cap is set (otherwise `check` never reads anything). */
  get isSet(): boolean {
    const { spendCapPerRunUsd, spendCapPerDayUsd } = this.context.settings;
    return (spendCapPerRunUsd ?? null) !== null || (spendCapPerDayUsd ?? null) !== null;
  }

  /**
   * Checks the caps against the run's `events`. `committed` resolves once the run's writes
   * are durable; it is awaited before the ledger is read, so the day's figure has them.
   */
  async check(events: readonly StoredEvent[], committed: () => Promise<void>): Promise<SpendDecision> {
    if (!this.isSet) return { type: 'within' };
    const { provider, settings } = this.context;
    if (provider.kind === 'webllm' || !provider.prices) {
      if (hasToldSinceMessage(events)) return { type: 'within' };
      return { type: 'cannot_apply', notice: cannotApplyNotice(provider) };
    }
    const runCap = settings.spendCapPerRunUsd ?? null;
    const dayCap = settings.spendCapPerDayUsd ?? null;
    const runSpent = estimateCost(provider.prices, usageSinceUserInput(events));
    const isRunReached = runCap !== null && runSpent >= runCap;
    let day: { spent: DaySpend; allowance: number } | null = null;
    if (dayCap !== null) {
      await committed();
      const now = this.context.now();
      const spent = priceDay(localDay(now), await this.context.ledger.day(localDay(now)), settings);
      const allowance = dayCap * (1 + dayContinuesToday(events, now));
      if (spent.spentUsd >= allowance) day = { spent, allowance };
    }
    if (!isRunReached && !day) return { type: 'within' };
    const scopes: SpendCapScope[] = [
      ...(isRunReached ? ['run' as const] : []),
      ...(day ? ['day' as const] : []),
    ];
    const question = spendCapQuestion({
      run: isRunReached && runCap !== null ? { spent: runSpent, cap: runCap } : null,
      day: day && dayCap !== null ? { ...day, cap: dayCap } : null,
    });
    return { type: 'reached', question, meta: { spend_caps: scopes } };
  }
}

/**
 * A day's ledger rows in dollars, each provider's tokens at its prices in `settings` (a row
 * that names no provider: the active one). Tokens of an in-browser model cost nothing;
 * those of a provider with no prices, or one since deleted, are counted apart as unpriced.
 */
export function priceDay(day: string, rows: readonly SpendRow[], settings: SpendCapSettings): DaySpend {
  let spentUsd = 0;
  let unpricedTokens = 0;
  for (const row of rows) {
    const id = row.providerId === '' ? settings.activeProviderId : row.providerId;
    const provider = settings.providers.find((setup) => setup.id === id);
    if (provider?.kind === 'webllm') continue;
    if (provider?.prices) spentUsd += estimateCost(provider.prices, row);
    else unpricedTokens += row.prompt + row.completion;
  }
  return { day, spentUsd, unpricedTokens, capUsd: settings.spendCapPerDayUsd ?? null };
}

/**
 * Continues given today at the day cap in the current task (since the last message): each
 * answered spend-cap question about the day that did not stop the run.
 */
export function dayContinuesToday(events: readonly StoredEvent[], now: number): number {
  const today = localDay(now);
  let count = 0;
  for (const { at, body } of events.slice(indexAfterLast(events, ['user_message']))) {
    if (body.type !== 'envelope' || body.role !== 'ask' || body.envelope.status !== 'success') continue;
    if (AskMeta.safeParse(body.envelope.meta).data?.runtime_reason !== 'spend_cap') continue;
    const scopes = SpendCapAskMeta.safeParse(body.envelope.meta).data?.spend_caps ?? [];
    if (scopes.includes('day') && localDay(at) === today) count += 1;
  }
  return count;
}

/** The question when a cap is reached, with the figures. */
export function spendCapQuestion(reached: {
  run: { spent: number; cap: number } | null;
  day: { spent: DaySpend; allowance: number; cap: number } | null;
}): string {
  const parts: string[] = [];
  if (reached.run) {
    parts.push(
      `This run has spent about ${formatDollars(reached.run.spent)}, ${pastOrAt(reached.run.spent, reached.run.cap)} its cap of ${formatDollars(reached.run.cap)}`,
    );
  }
  if (reached.day) {
    const { spent, allowance, cap } = reached.day;
    const continues = Math.round(allowance / cap) - 1;
    const raisedBy = continues === 1 ? 'your Continue' : `your ${continues} Continues`;
    const limit =
      continues > 0
        ? `${formatDollars(allowance)} (the day's cap of ${formatDollars(cap)}, raised by ${raisedBy})`
        : `the day's cap of ${formatDollars(cap)}`;
    const unpriced =
      spent.unpricedTokens > 0
        ? ` (not counting ${spent.unpricedTokens.toLocaleString('en-US')} tokens on providers without prices)`
        : '';
    const opening = reached.run ? "today's spend" : "Today's spend";
    parts.push(
      `${opening} across all conversations is about ${formatDollars(spent.spentUsd)}${unpriced}, ${pastOrAt(spent.spentUsd, allowance)} ${limit}`,
    );
  }
  const continuing: string[] = [];
  if (reached.run) continuing.push(`another ${formatDollars(reached.run.cap)} for this run`);
  if (reached.day) {
    const next = reached.day.allowance + reached.day.cap;
    continuing.push(`today's spend up to ${formatDollars(next)} for this task`);
  }
  return `${parts.join(', and ')} (Settings → Runs), and the task is not finished yet. Shall I continue? Continuing allows ${continuing.join(' and ')} before I ask again.`;
}

/** "past" when the figures as shown differ, "at" when rounding makes them look the same. */
function pastOrAt(spent: number, cap: number): string {
  return formatDollars(spent) === formatDollars(cap) ? 'at' : 'past';
}

/** The notice that a cap cannot apply to this run, and why. */
function cannotApplyNotice(provider: Pick<ProviderSetup, 'name' | 'kind'>): EventBody {
  const text =
    provider.kind === 'webllm'
      ? `The spend cap cannot apply to this run: ${provider.name} runs in this browser, so it has no prices and what it spends is not counted in dollars.`
      : `The spend cap cannot apply to this run: ${provider.name} has no prices, so what it spends is unknown. Add its prices in Settings → Providers (prices per million tokens) for the cap to apply.`;
  return { type: 'notice', kind: 'spend_cap', text, forModel: false };
}

/** True when the current task (since the last message) already said the cap cannot apply. */
function hasToldSinceMessage(events: readonly StoredEvent[]): boolean {
  return events
    .slice(indexAfterLast(events, ['user_message']))
    .some(({ body }) => body.type === 'notice' && body.kind === 'spend_cap');
}

/** Today's spend for the header: the ledger's rows of the local day of `now`, priced with `settings`. */
export async function readDaySpend(options: {
  ledger: { day(day: string): Promise<SpendRow[]> };
  settings: SpendCapSettings;
  now: number;
}): Promise<DaySpend> {
  const day = localDay(options.now);
  return priceDay(day, await options.ledger.day(day), options.settings);
}

import { describe, expect, it } from 'vitest';
import type { EventBody, StoredEvent, TokenUsage } from '../../shared/protocol/events.ts';
import type { ProviderSetup } from '../../shared/protocol/providers.ts';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings.ts';
import { formatDollars, localDay, type SpendRow } from '../../shared/protocol/spend.ts';
import {
  dayContinuesToday,
  priceDay,
  SpendCap,
  type SpendCapSettings,
  spendCapQuestion,
} from './spend-cap.ts';
import { runtimeAsk } from './step-asks.ts';
import { usageSinceUserInput } from './step-policy.ts';

/** $1 per million input tokens, $0.10 cached, $4 output. */
const PRICES = { inputPerMillion: 1, cachedInputPerMillion: 0.1, outputPerMillion: 4 };
const NOON = new Date(2026, 10, 27, 12, 0, 0).getTime();
const YESTERDAY = NOON - 24 * 3_600_000;

function provider(id: string, overrides: Partial<ProviderSetup> = {}): ProviderSetup {
  return { ...DEFAULT_SETTINGS.providers[0]!, id, name: id, prices: PRICES, ...overrides };
}

function settings(overrides: Partial<SpendCapSettings> = {}): SpendCapSettings {
  return {
    providers: [provider('paid'), provider('free', { prices: null }), provider('tab', { kind: 'webllm' })],
    activeProviderId: 'paid',
    spendCapPerRunUsd: null,
    spendCapPerDayUsd: null,
    ...overrides,
  };
}

let seq = 0;
function event(body: EventBody, at = NOON): StoredEvent {
  seq += 1;
  return { conversationId: 'c1', seq, at, body };
}
const message = (at = NOON) => event({ type: 'user_message', text: 'Task' }, at);
/** A model turn that spent `prompt` and `completion` tokens (100k + 10k: $0.14 at PRICES). */
const turn = (prompt = 100_000, completion = 10_000, at = NOON) =>
  event(
    { type: 'assistant_turn', text: '', toolCalls: [], usage: { prompt, completion, cached: 0 }, model: 'm' },
    at,
  );

function row(providerId: string, usage: TokenUsage, conversationId = 'c1'): SpendRow {
  return { day: localDay(NOON), conversationId, providerId, ...usage };
}

/** A spend cap over `rows` as today's ledger, recording what it read and when. */
function capWith(options: {
  settings: SpendCapSettings;
  provider?: ProviderSetup;
  rows?: SpendRow[];
  now?: number;
}) {
  const reads: string[] = [];
  const cap = new SpendCap({
    settings: options.settings,
    provider: options.provider ?? provider('paid'),
    ledger: {
      day: async (day) => {
        reads.push(day);
        return options.rows ?? [];
      },
    },
    now: () => options.now ?? NOON,
  });
  return { cap, reads };
}

const committed = async () => undefined;

/** The completion of a spend-cap question answered with `reply` at `at`, about `scopes`. */
function answeredSpendAsk(scopes: ('run' | 'day')[], at = NOON): StoredEvent[] {
  const [running] = runtimeAsk({
    uuid: `ask-${seq}`,
    reason: 'spend_cap',
    question: 'Past the cap',
    phaseId: 1,
    profile: { runtimeAsk: { actionType: 'message.ask', tool: 'message', metaKind: 'message' } },
    detail: { spend_caps: scopes },
  });
  if (running?.type !== 'envelope') throw new Error('no envelope');
  const done: EventBody = {
    ...running,
    envelope: { ...running.envelope, status: 'success', content: 'Confirm' },
  };
  return [
    event(running, at),
    event({ type: 'user_reply', askUuid: running.envelope.uuid, text: 'Confirm' }, at),
    event(done, at),
  ];
}

describe('usageSinceUserInput', () => {
  it('adds model turns and tools’ own requests since the person last spoke, a reply included', () => {
    const tool: EventBody = {
      type: 'envelope',
      toolCallId: 'call',
      envelope: { uuid: 'u', status: 'success', content: '', meta: { action_type: 'x', tool: 'x' } },
      usage: { prompt: 5, completion: 1, cached: 2 },
    };
    expect(usageSinceUserInput([message(), turn(10, 2), event(tool)])).toEqual({
      prompt: 15,
      completion: 3,
      cached: 2,
    });
    expect(usageSinceUserInput([message(), turn(10, 2), ...answeredSpendAsk(['run']), turn(7, 1)])).toEqual({
      prompt: 7,
      completion: 1,
      cached: 0,
    });
    expect(usageSinceUserInput([turn(10, 2), message()])).toEqual({ prompt: 0, completion: 0, cached: 0 });
  });
});

describe('priceDay', () => {
  it('prices each provider’s tokens at its prices, counts unpriced ones apart, and in-tab models as free', () => {
    const day = priceDay(
      localDay(NOON),
      [
        row('paid', { prompt: 1_000_000, completion: 100_000, cached: 500_000 }),
        row('', { prompt: 100_000, completion: 0, cached: 0 }, 'c2'),
        row('free', { prompt: 3_000, completion: 1_000, cached: 0 }, 'c3'),
        row('deleted', { prompt: 500, completion: 500, cached: 0 }, 'c4'),
        row('tab', { prompt: 9_000, completion: 9_000, cached: 0 }, 'c5'),
      ],
      settings({ spendCapPerDayUsd: 5 }),
    );
    // 500k uncached × $1 + 500k cached × $0.10 + 100k out × $4 = $0.95; the row naming no
    // provider is the active one's: 100k × $1 = $0.10.
    expect(day.spentUsd).toBeCloseTo(1.05, 10);
    expect(day.unpricedTokens).toBe(5_000);
    expect(day.capUsd).toBe(5);
  });
});

describe('SpendCap.check', () => {
  it('reads nothing and lets every request go when no cap is set', async () => {
    const { cap, reads } = capWith({ settings: settings() });
    expect(cap.isSet).toBe(false);
    expect(await cap.check([message(), turn(50_000_000, 0)], committed)).toEqual({ type: 'within' });
    expect(reads).toEqual([]);
  });

  it('asks once the run has spent its cap, with the figures, and not before', async () => {
    const { cap, reads } = capWith({ settings: settings({ spendCapPerRunUsd: 0.5 }) });
    const events = [message(), turn(), turn(), turn()];
    expect(await cap.check(events, committed)).toEqual({ type: 'within' });
    events.push(turn(120_000, 0));
    const decision = await cap.check(events, committed);
    expect(decision).toMatchObject({ type: 'reached', meta: { spend_caps: ['run'] } });
    const question = decision.type === 'reached' ? decision.question : '';
    expect(question).toContain('This run has spent about $0.54, past its cap of $0.50 (Settings → Runs)');
    expect(question).toContain('Continuing allows another $0.50 for this run before I ask again.');
    // The run cap alone never reads the ledger.
    expect(reads).toEqual([]);
  });

  it('starts counting again after the person’s Continue', async () => {
    const { cap } = capWith({ settings: settings({ spendCapPerRunUsd: 0.2 }) });
    const events = [message(), turn(), turn(), ...answeredSpendAsk(['run']), turn()];
    expect(await cap.check(events, committed)).toEqual({ type: 'within' });
    events.push(turn());
    expect(await cap.check(events, committed)).toMatchObject({ type: 'reached' });
  });

  it('says once per task that a cap cannot apply to a provider without prices or in this tab', async () => {
    const { cap } = capWith({
      settings: settings({ spendCapPerRunUsd: 0.01 }),
      provider: provider('free', { name: 'Local server', prices: null }),
    });
    const events = [message(), turn(90_000_000, 0)];
    const decision = await cap.check(events, committed);
    expect(decision).toMatchObject({ type: 'cannot_apply', notice: { type: 'notice', kind: 'spend_cap' } });
    const notice = decision.type === 'cannot_apply' ? decision.notice : null;
    expect(JSON.stringify(notice)).toContain(
      'The spend cap cannot apply to this run: Local server has no prices, so what it spends is unknown. Add its prices in Settings → Providers',
    );
    if (notice) events.push(event(notice));
    expect(await cap.check([...events, turn()], committed)).toEqual({ type: 'within' });
    // A new message is a new task: said again.
    expect(await cap.check([...events, message()], committed)).toMatchObject({ type: 'cannot_apply' });

    const inTab = capWith({
      settings: settings({ spendCapPerDayUsd: 1 }),
      provider: provider('tab', { kind: 'webllm', name: 'Qwen in this tab' }),
    });
    const said = await inTab.cap.check([message()], committed);
    expect(JSON.stringify(said)).toContain('Qwen in this tab runs in this browser');
    expect(inTab.reads).toEqual([]);
  });

  it('asks at the day cap from the ledger, read only after the run’s writes are durable', async () => {
    const order: string[] = [];
    const rows = [
      row('paid', { prompt: 2_000_000, completion: 0, cached: 0 }, 'other'),
      row('paid', { prompt: 1_000_000, completion: 0, cached: 0 }),
    ];
    const cap = new SpendCap({
      settings: settings({ spendCapPerDayUsd: 3 }),
      provider: provider('paid'),
      ledger: {
        day: async (day) => {
          order.push(`read ${day}`);
          return rows;
        },
      },
      now: () => NOON,
    });
    const decision = await cap.check([message(), turn()], async () => {
      order.push('committed');
    });
    expect(order).toEqual(['committed', `read ${localDay(NOON)}`]);
    expect(decision).toMatchObject({ type: 'reached', meta: { spend_caps: ['day'] } });
    const question = decision.type === 'reached' ? decision.question : '';
    expect(question).toContain(
      "Today's spend across all conversations is about $3.00, at the day's cap of $3.00 (Settings → Runs)",
    );
    expect(question).toContain("Continuing allows today's spend up to $6.00 for this task");
  });

  it('after a Continue at the day cap, asks again only past another cap’s worth, and in a new task at once', async () => {
    const rows = [row('paid', { prompt: 5_500_000, completion: 0, cached: 0 }, 'other')];
    const { cap } = capWith({ settings: settings({ spendCapPerDayUsd: 5 }), rows });
    const task = [message(), turn(), ...answeredSpendAsk(['day'])];
    expect(await cap.check(task, committed)).toEqual({ type: 'within' });
    // A run-cap Continue does not raise the day's allowance.
    expect(await cap.check([message(), turn(), ...answeredSpendAsk(['run'])], committed)).toMatchObject({
      type: 'reached',
    });
    // A new message: a new task, asked at its first request.
    expect(await cap.check([...task, message()], committed)).toMatchObject({ type: 'reached' });
    // Past twice the cap, the same task asks again, saying by how much it was raised.
    const further = capWith({
      settings: settings({ spendCapPerDayUsd: 5 }),
      rows: [row('paid', { prompt: 10_200_000, completion: 0, cached: 0 }, 'other')],
    });
    const decision = await further.cap.check(task, committed);
    const question = decision.type === 'reached' ? decision.question : '';
    expect(question).toContain("about $10.20, past $10.00 (the day's cap of $5.00, raised by your Continue)");
    expect(question).toContain("today's spend up to $15.00");
  });

  it('asks one question when both caps are reached at once', async () => {
    const { cap } = capWith({
      settings: settings({ spendCapPerRunUsd: 0.1, spendCapPerDayUsd: 0.1 }),
      rows: [row('paid', { prompt: 200_000, completion: 0, cached: 0 })],
    });
    const decision = await cap.check([message(), turn()], committed);
    expect(decision).toMatchObject({ type: 'reached', meta: { spend_caps: ['run', 'day'] } });
    expect(decision.type === 'reached' ? decision.question : '').toMatch(
      /^This run has spent about \$0\.14, past its cap of \$0\.10, and today's spend across all conversations is about \$0\.20, past the day's cap of \$0\.10 \(Settings → Runs\)/,
    );
  });
});

describe('dayContinuesToday', () => {
  it('counts day-cap Continues of the current task given today, not yesterday’s or a run cap’s', () => {
    const events = [
      message(YESTERDAY),
      ...answeredSpendAsk(['day'], YESTERDAY),
      ...answeredSpendAsk(['run', 'day']),
      ...answeredSpendAsk(['run']),
    ];
    expect(dayContinuesToday(events, NOON)).toBe(1);
    expect(dayContinuesToday([...events, message()], NOON)).toBe(0);
  });
});

describe('spendCapQuestion and formatDollars', () => {
  it('says by how many Continues the day’s limit was raised', () => {
    const question = spendCapQuestion({
      run: null,
      day: { spent: { day: 'd', spentUsd: 15.1, unpricedTokens: 0, capUsd: 5 }, allowance: 15, cap: 5 },
    });
    expect(question).toContain("past $15.00 (the day's cap of $5.00, raised by your 2 Continues)");
    expect(question).toContain("today's spend up to $20.00");
  });

  it('names unpriced tokens the day figure leaves out', () => {
    const question = spendCapQuestion({
      run: null,
      day: { spent: { day: 'd', spentUsd: 2.5, unpricedTokens: 12_000, capUsd: 2 }, allowance: 2, cap: 2 },
    });
    expect(question).toContain('about $2.50 (not counting 12,000 tokens on providers without prices), past');
  });

  it('shows whole cents, and two significant digits under a cent', () => {
    expect([0, 0.004_21, 0.5, 0.523, 12.4].map(formatDollars)).toEqual([
      '$0.00',
      '$0.0042',
      '$0.50',
      '$0.52',
      '$12.40',
    ]);
  });
});

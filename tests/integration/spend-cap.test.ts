import { afterEach, describe, expect, it } from 'vitest';
import { readDaySpend } from '../../src/agent-worker/engine/spend-cap.ts';
import { CANCEL_REPLY, CONFIRM_REPLY } from '../../src/shared/protocol/worker-api.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { SpendLedger } from '../../src/shared/storage/spend-ledger.ts';
import { call } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { createHarness, type Harness, lastQuestion } from './harness.ts';

/**
 * The spend cap (issue 23): per run and per day, in dollars at the provider's prices,
 * checked before every model request against the usage the scripted server reports.
 */
let harness: Harness;
afterEach(async () => {
  await harness.close();
});

/** $1 per million input tokens, $0.10 cached, $4 output. */
const PRICES = { inputPerMillion: 1, cachedInputPerMillion: 0.1, outputPerMillion: 4 };
/** 100k prompt + 10k completion tokens: $0.14 at PRICES. */
const usage = { prompt_tokens: 100_000, completion_tokens: 10_000 };

const info = (text: string): ScriptedTurn => call('message', { type: 'info', text }, { usage });
const plan = (): ScriptedTurn =>
  call('plan', { action: 'update', goal: 'g', phases: [{ id: 1, title: 'Work' }] }, { usage });
const result = (text = 'Done.'): ScriptedTurn => call('message', { type: 'result', text }, { usage });

async function status(id: string): Promise<string | undefined> {
  return (await harness.runtime.readConversation(id))?.conversation.status;
}

async function dayFigure(): Promise<number> {
  const settings = await new SettingsRepository(harness.database).getAgentSettings();
  const day = await readDaySpend({ ledger: new SpendLedger(harness.database), settings, now: Date.now() });
  return day.spentUsd;
}

describe('the spend cap per run', () => {
  it('stops the run before the request that would pass it, with the figure in the question', async () => {
    harness = await createHarness({ spendCapPerRunUsd: 0.4 }, { prices: PRICES });
    harness.server.setScript([info('On it.'), plan(), info('working'), info('still working'), result()]);
    const id = await harness.runtime.startConversation('Write the report');
    await harness.runtime.idle(id);

    // Three turns at $0.14: $0.42, past $0.40, before the fourth request.
    expect(harness.server.requests).toHaveLength(3);
    const question = lastQuestion(await harness.events(id));
    expect(question.meta).toMatchObject({
      action_type: 'message.ask',
      runtime_reason: 'spend_cap',
      suggested_action: 'confirm',
      spend_caps: ['run'],
    });
    expect(question.content).toContain(
      'This run has spent about $0.42, past its cap of $0.40 (Settings → Runs), and the task is not finished yet. Shall I continue?',
    );
    expect(await status(id)).toBe('asking');

    await harness.runtime.replyToAsk(id, question.uuid, CANCEL_REPLY);
    await harness.runtime.idle(id);
    const events = await harness.events(id);
    expect(events.at(-1)?.body).toMatchObject({
      type: 'notice',
      kind: 'stopped',
      text: 'Stopped at the spend cap.',
    });
    expect(await status(id)).toBe('idle');
    expect(harness.server.requests).toHaveLength(3);
  }, 30_000);

  it('goes on after Continue, with another cap’s worth before asking again', async () => {
    harness = await createHarness({ spendCapPerRunUsd: 0.25 }, { prices: PRICES });
    harness.server.setScript([info('On it.'), plan(), info('a'), info('b'), info('c')]);
    const id = await harness.runtime.startConversation('Write the report');
    await harness.runtime.idle(id);
    expect(harness.server.requests).toHaveLength(2);
    const first = lastQuestion(await harness.events(id));
    expect(first.content).toContain('about $0.28, past its cap of $0.25');

    await harness.runtime.replyToAsk(id, first.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(id);
    // Counting starts again at the reply: two more turns, then the next question.
    expect(harness.server.requests).toHaveLength(4);
    const second = lastQuestion(await harness.events(id));
    expect(second.uuid).not.toBe(first.uuid);
    expect(second.content).toContain('about $0.28, past its cap of $0.25');
  }, 30_000);
});

describe('the spend cap per day', () => {
  it('counts every conversation since midnight, and a Continue holds for the task, not the next one', async () => {
    harness = await createHarness({ spendCapPerDayUsd: 0.5 }, { prices: PRICES });
    // The first conversation spends $0.42 and finishes under the cap.
    harness.server.setScript([info('On it.'), plan(), result('First done.')]);
    const first = await harness.runtime.startConversation('First task');
    await harness.runtime.idle(first);
    expect(await status(first)).toBe('done');
    expect(await dayFigure()).toBeCloseTo(0.42, 10);

    // The second one's first turn takes the day to $0.56: it asks before its second request.
    harness.server.setScript([info('On it.'), plan(), info('more'), result('Second done.')]);
    const second = await harness.runtime.startConversation('Second task');
    await harness.runtime.idle(second);
    expect(harness.server.requests).toHaveLength(1);
    const question = lastQuestion(await harness.events(second));
    expect(question.meta).toMatchObject({ runtime_reason: 'spend_cap', spend_caps: ['day'] });
    expect(question.content).toContain(
      "Today's spend across all conversations is about $0.56, past the day's cap of $0.50 (Settings → Runs)",
    );
    expect(question.content).toContain("Continuing allows today's spend up to $1.00 for this task");

    // Continue: the task goes on to its end without asking at each request ($0.98 < $1.00).
    await harness.runtime.replyToAsk(second, question.uuid, CONFIRM_REPLY);
    await harness.runtime.idle(second);
    expect(await status(second)).toBe('done');
    expect(harness.server.requests).toHaveLength(4);
    expect(await dayFigure()).toBeCloseTo(0.98, 10);

    // A new task in the first conversation asks at once: the day is still past its cap.
    harness.server.setScript([info('Again.')]);
    await harness.runtime.sendMessage(first, 'One more thing');
    await harness.runtime.idle(first);
    expect(harness.server.requests).toHaveLength(0);
    expect(lastQuestion(await harness.events(first)).content).toContain(
      "Today's spend across all conversations is about $0.98, past the day's cap of $0.50",
    );
  }, 30_000);
});

describe('a spend cap with unknown prices', () => {
  it('says once that it cannot apply, and never stops the run', async () => {
    harness = await createHarness({ spendCapPerRunUsd: 0.01, spendCapPerDayUsd: 0.01 }, { prices: null });
    harness.server.setScript([info('On it.'), plan(), info('a'), info('b'), result()]);
    const id = await harness.runtime.startConversation('Write the report');
    await harness.runtime.idle(id);

    expect(await status(id)).toBe('done');
    expect(harness.server.requests).toHaveLength(5);
    const events = await harness.events(id);
    const notices = events.flatMap(({ body }) =>
      body.type === 'notice' && body.kind === 'spend_cap' ? [body.text] : [],
    );
    expect(notices).toEqual([
      'The spend cap cannot apply to this run: Scripted has no prices, so what it spends is unknown. Add its prices in Settings → Providers (prices per million tokens) for the cap to apply.',
    ]);
    // Said before the first request, so the person knows from the start.
    const firstTurn = events.findIndex(({ body }) => body.type === 'assistant_turn');
    expect(events.findIndex(({ body }) => body.type === 'notice' && body.kind === 'spend_cap')).toBeLessThan(
      firstTurn,
    );
    // The tokens are in the ledger all the same, counted apart as unpriced.
    const settings = await new SettingsRepository(harness.database).getAgentSettings();
    const day = await readDaySpend({ ledger: new SpendLedger(harness.database), settings, now: Date.now() });
    expect(day).toMatchObject({ spentUsd: 0, unpricedTokens: 550_000, capUsd: 0.01 });
  }, 30_000);
});

import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { Journal } from '../../src/agent-worker/engine/journal.ts';
import { readDaySpend } from '../../src/agent-worker/engine/spend-cap.ts';
import { type EventBody, StoredEvent } from '../../src/shared/protocol/events.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { SAVED_OPENAI } from '../../src/shared/protocol/settings-fixtures.ts';
import { localDay } from '../../src/shared/protocol/spend.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { SpendLedger, usageByDay } from '../../src/shared/storage/spend-ledger.ts';
import { recordFigures } from './record-figures.ts';

/**
 * The spend cap per day, measured (Node, fake-indexeddb): a history of 200 conversations
 * of 250 events each (50,000 events, a model turn every other event), 40 of them active
 * today. Prints (a) today's figure read from the ledger, as the check before each request
 * does; (b) the same figure by scanning every event, the cost the ledger avoids; (c) one
 * journal append of a turn with and without the ledger's write. Records the figures
 * (`spend-ledger`); asserts only that (a) and (b) agree.
 */
let database: SandpiperDatabase | undefined;
afterEach(() => database?.close());

const DAY_MS = 24 * 3_600_000;

const turn: EventBody = {
  type: 'assistant_turn',
  text: 'ok',
  toolCalls: [{ id: 'c', name: 'message', arguments: '{"type":"info","text":"working"}' }],
  usage: { prompt: 12_000, completion: 300, cached: 8_000 },
  model: 'm',
};
const notice: EventBody = { type: 'notice', kind: 'stopped', text: 'Stopped.', forModel: false };

async function median(times: number, work: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

it('reads the day’s spend from the ledger instead of scanning the log', async () => {
  database = new SandpiperDatabase(`spend-bench-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const now = Date.now();
  let clock = now - 30 * DAY_MS;
  const journal = new Journal(
    database,
    () => undefined,
    () => clock,
  );
  const settings = {
    ...DEFAULT_SETTINGS,
    providers: [
      {
        ...SAVED_OPENAI,
        prices: { inputPerMillion: 0.15, cachedInputPerMillion: 0.075, outputPerMillion: 0.6 },
      },
    ],
    spendCapPerDayUsd: 5,
  };
  const providerId = settings.providers[0]!.id;
  for (let index = 0; index < 200; index += 1) {
    const id = `c${index}`;
    // 160 conversations from the past month, 40 from today.
    clock = index < 160 ? now - (30 - (index % 30)) * DAY_MS : now;
    await journal.createConversation(
      {
        id,
        title: id,
        status: 'running',
        createdAt: clock,
        updatedAt: clock,
        profileId: 'manus',
        providerId,
      },
      [{ type: 'user_message', text: 'Task' }],
    );
    for (let batch = 0; batch < 10; batch += 1) {
      await journal.append(
        id,
        Array.from({ length: 25 }, (_, event) => (event % 2 === 0 ? turn : notice)),
      );
    }
  }
  clock = now;
  const ledger = new SpendLedger(database);

  let fromLedger = 0;
  const ledgerMs = await median(21, async () => {
    fromLedger = (await readDaySpend({ ledger, settings, now })).spentUsd;
  });
  let fromScan = 0;
  const scanMs = await median(5, async () => {
    // As a repository reads rows: each parsed.
    const rows = (await database!.events.toArray()).map((row) => StoredEvent.parse(row));
    const today = usageByDay(rows).get(localDay(now));
    const prices = settings.providers[0]!.prices!;
    fromScan = today
      ? ((today.prompt - today.cached) * prices.inputPerMillion +
          today.cached * prices.cachedInputPerMillion +
          today.completion * prices.outputPerMillion) /
        1_000_000
      : 0;
  });
  expect(fromLedger).toBeCloseTo(fromScan, 9);

  const withUsageMs = await median(41, () => journal.append('c199', [turn]));
  const withoutUsageMs = await median(41, () => journal.append('c199', [notice]));
  console.log(
    `[spend] 50,000 events, 200 conversations (40 today): today's spend $${fromLedger.toFixed(2)}; ledger read ${ledgerMs.toFixed(2)} ms (median of 21), full scan ${scanMs.toFixed(0)} ms (median of 5); journal append of a turn with usage ${withUsageMs.toFixed(2)} ms, of a notice ${withoutUsageMs.toFixed(2)} ms (medians of 41)`,
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  recordFigures('spend-ledger', {
    title: 'The day’s spend over 50,000 events in 200 conversations, 40 of them today (Node, fake-indexeddb)',
    bench: import.meta.url,
    paths: [
      'src/shared/storage/spend-ledger.ts',
      'src/shared/storage/db.ts',
      'src/agent-worker/engine/journal.ts',
      'src/agent-worker/engine/spend-cap.ts',
      'src/shared/protocol/spend.ts',
    ],
    figures: [
      { name: 'today’s spend read from the ledger (median of 21)', value: round(ledgerMs), unit: 'ms' },
      {
        name: 'the same by reading and parsing every event (median of 5)',
        value: Math.round(scanMs),
        unit: 'ms',
      },
      {
        name: 'journal append of a turn, with the ledger’s write (median of 41)',
        value: round(withUsageMs),
        unit: 'ms',
      },
      {
        name: 'journal append of an event without usage (median of 41)',
        value: round(withoutUsageMs),
        unit: 'ms',
      },
    ],
  });
}, 600_000);

import { describe, expect, it } from 'vitest';
import { coalescedRefresh, readSpendMeter } from './spend-meter.ts';

const prices = { inputPerMillion: 1, cachedInputPerMillion: 0.1, outputPerMillion: 4 };
const runUsage = { prompt: 300_000, completion: 30_000, cached: 100_000 };
const day = { day: '2026-11-27', spentUsd: 1.4, unpricedTokens: 0, capUsd: 5 };

describe('readSpendMeter', () => {
  it('prices the run at its provider’s prices, with the caps set and today’s figure under a day cap', () => {
    expect(
      readSpendMeter({
        runUsage,
        provider: { kind: 'openai-compatible', prices },
        settings: { spendCapPerRunUsd: 0.5, spendCapPerDayUsd: 5 },
        day,
      }),
    ).toEqual({
      runUsd: 0.2 + 0.01 + 0.12,
      runCapUsd: 0.5,
      day: { spentUsd: 1.4, capUsd: 5 },
      nearest: 'run',
    });
    expect(
      readSpendMeter({ runUsage, provider: { kind: 'openai-compatible', prices }, settings: {}, day }),
    ).toMatchObject({ runCapUsd: null, day: null, nearest: 'run' });
    // $1.40 of $5 is nearer its cap than $0.33 of $2; with no run cap, the day's is the one.
    for (const spendCapPerRunUsd of [2, null]) {
      expect(
        readSpendMeter({
          runUsage,
          provider: { kind: 'openai-compatible', prices },
          settings: { spendCapPerRunUsd, spendCapPerDayUsd: 5 },
          day,
        })?.nearest,
      ).toBe('day');
    }
  });

  it('shows nothing for a provider without prices or a model in this tab', () => {
    const settings = { spendCapPerRunUsd: 1 };
    expect(
      readSpendMeter({ runUsage, provider: { kind: 'openai-compatible', prices: null }, settings, day }),
    ).toBe(null);
    expect(readSpendMeter({ runUsage, provider: { kind: 'webllm', prices }, settings, day })).toBe(null);
  });
});

describe('coalescedRefresh', () => {
  it('runs one load at a time and one more after it for any refreshes asked meanwhile', async () => {
    const releases: (() => void)[] = [];
    let loads = 0;
    const refresh = coalescedRefresh(() => {
      loads += 1;
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    refresh();
    refresh();
    refresh();
    expect(loads).toBe(1);
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    refresh();
    expect(loads).toBe(3);
  });
});

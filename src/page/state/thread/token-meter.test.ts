import { describe, expect, it } from 'vitest';
import { formatCost, readTokenMeter } from './token-meter.ts';

const usage = { prompt: 120_000, cached: 100_000, completion: 4_000, turns: 9 };

describe('readTokenMeter', () => {
  it('sums prompt and completion, and prices cached prompt tokens at the cached rate', () => {
    const reading = readTokenMeter(usage, {
      name: 'OpenAI',
      prices: { inputPerMillion: 2, cachedInputPerMillion: 0.5, outputPerMillion: 8 },
    });
    expect(reading).toEqual({
      totalTokens: 124_000,
      prompt: 120_000,
      cached: 100_000,
      completion: 4_000,
      modelCalls: 9,
      // 20k uncached × $2 + 100k cached × $0.5 + 4k × $8, per million
      cost: 0.04 + 0.05 + 0.032,
      providerName: 'OpenAI',
    });
  });

  it('has no cost when the provider has no prices', () => {
    expect(readTokenMeter(usage, { name: 'Ollama', prices: null }).cost).toBeNull();
  });
});

describe('formatCost', () => {
  it('keeps two significant digits below a dollar and cents above', () => {
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.000_01)).toBe('<$0.0001');
    expect(formatCost(0.004_236)).toBe('$0.0042');
    expect(formatCost(0.012)).toBe('$0.012');
    expect(formatCost(0.122)).toBe('$0.12');
    expect(formatCost(0.5)).toBe('$0.5');
    expect(formatCost(12.4)).toBe('$12.40');
  });
});

import { expect, it, vi } from 'vitest';
import { formatChaosFigures, runUnderChaos } from '../fixtures/chaos-runs.ts';

/**
 * Runs that never stall under a network that lies (issue 29): 60 steps (the bench runs 200
 * or more) through the chaos proxy, a third of the replies reset, stalled, truncated,
 * corrupted, duplicated or buffered. Every run ends finished or paused with Retry (Retry
 * finishes it), no reply is applied half, no step is recorded twice.
 */
it('ends every run in a clear state under resets, stalls, cut, corrupt, duplicated and buffered replies', async () => {
  // The openai SDK logs each chunk it cannot parse (the corrupted ones).
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const figures = await runUnderChaos({ runs: 3, stepsPerRun: 20, seed: 29, faultRate: 0.33 });
  vi.restoreAllMocks();
  console.log(formatChaosFigures(figures));
  expect(figures.endedUnclear).toBe(0);
  expect(figures.finished).toBe(3);
  expect(figures.halfApplied).toBe(0);
  expect(figures.recordedTwice).toBe(0);
  expect(figures.problems).toEqual([]);
  // Only a duplicated chunk can make a whole-looking reply whose call cannot be read: a cut or
  // truncated reply is never applied (it is sent again), so the model is never told it broke.
  expect(figures.corrections).toBeLessThanOrEqual(figures.faults.duplicate);
  expect(figures.skipped).toBe(0);
  // Positive controls: the proxy did play faults of every kind on this seed, and the app resent requests.
  for (const count of Object.values(figures.faults)) expect(count).toBeGreaterThan(0);
  expect(figures.resent).toBeGreaterThan(0);
}, 120_000);

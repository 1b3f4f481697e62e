import { expect, it } from 'vitest';
import { hostileCases, runHostileBundles, validCases } from '../fixtures/hostile-bundles/import-harness.ts';

/**
 * Every hostile bundle of the generator (traversal, absolute paths, hostile names,
 * symbolic links, zip bombs, duplicate names, damage, wrong types, future versions,
 * missing files, lying sizes, workspace histories that lie) imported through the worker's path into a database that
 * already holds a conversation: each refused with a reason that names its problem, and
 * nothing written. The valid edge bundles import, so a decoder that refused everything
 * would fail here too. `tests/bench/hostile-bundles.bench.test.ts` prints the figures.
 */
it('refuses every hostile bundle with its reason and writes nothing; imports every valid edge bundle', async () => {
  const hostile = hostileCases();
  const valid = validCases();
  const report = await runHostileBundles({ hostile, valid });
  expect(report.findings).toEqual([]);
  expect(hostile.length).toBeGreaterThanOrEqual(60);
  expect(new Set(hostile.map((item) => item.category)).size).toBe(12);
  expect(report.total).toMatchObject({
    cases: hostile.length,
    refusedWithReason: hostile.length,
    acceptedHostile: 0,
    refusedWithoutClearReason: 0,
    partialWrites: 0,
  });
  expect(report.validImported).toBe(valid.length);
  // A bomb is refused on its headers or stopped at its declared size, never inflated whole.
  expect(report.byCategory['zip bomb']?.slowestMilliseconds).toBeLessThan(5000);
}, 60_000);

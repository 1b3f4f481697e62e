import { afterEach, beforeEach, expect, it } from 'vitest';
import { formatAimedFigures, killDuringImports, killDuringSaves } from '../fixtures/kill/kill-points.ts';
import { killDuringRewinds } from '../fixtures/kill/kill-rewind.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 200 });
});
afterEach(async () => {
  await harness.close();
});

it('leaves a bundle import whole or absent after kills in the middle of it', async () => {
  const figures = await killDuringImports(harness, { kills: 3, seed: 16 });
  console.log(formatAimedFigures('kills during a bundle import', figures));
  expect(figures.problems).toEqual([]);
  expect(figures.whole).toBe(3);
}, 90_000);

it('leaves a 300-file workspace save all or nothing after kills in the middle of it', async () => {
  const figures = await killDuringSaves(harness, { kills: 3, seed: 16 });
  console.log(formatAimedFigures('kills during workspace saves', figures));
  expect(figures.problems).toEqual([]);
  expect(figures.whole).toBe(3);
}, 120_000);

it('leaves a rewind of a 300-file workspace all or nothing after kills in the middle of it', async () => {
  const figures = await killDuringRewinds(harness, { kills: 3, seed: 27 });
  console.log(formatAimedFigures('kills during a rewind', figures));
  expect(figures.problems).toEqual([]);
  expect(figures.whole).toBe(3);
}, 180_000);

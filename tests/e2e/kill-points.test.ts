import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AimedKillFigures, formatAimedFigures } from '../fixtures/kill/aimed-kill.ts';
import { killDuringImports, killDuringSaves } from '../fixtures/kill/kill-points.ts';
import { killDuringForks, killDuringRewinds } from '../fixtures/kill/kill-rewind.ts';
import { type AppHarness, startApp } from './app-harness.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 200 });
});
afterEach(async () => {
  await harness.close();
});

/** Every kill was made inside the transaction (held open at its commit) and left it all or nothing. */
function expectAllInsideAndWhole(label: string, figures: AimedKillFigures, kills: number): void {
  console.log(formatAimedFigures(label, figures));
  expect(figures.problems).toEqual([]);
  expect(figures.torn).toBe(0);
  expect(figures.inside).toBe(kills);
  expect(figures.whole).toBe(kills);
}

it('leaves a bundle import whole or absent after a kill inside its transaction', async () => {
  const figures = await killDuringImports(harness, { kills: 1, seed: 16 });
  expectAllInsideAndWhole('kills during a bundle import', figures, 1);
}, 90_000);

it('leaves a 300-file workspace save all or nothing after a kill inside its transaction', async () => {
  const figures = await killDuringSaves(harness, { kills: 1, seed: 16 });
  expectAllInsideAndWhole('kills during workspace saves', figures, 1);
}, 120_000);

it('leaves a rewind of a 300-file workspace all or nothing after a kill inside its transaction', async () => {
  const figures = await killDuringRewinds(harness, { kills: 1, seed: 27 });
  expectAllInsideAndWhole('kills during a rewind', figures, 1);
}, 180_000);

it('leaves no fork of a 300-file workspace, or a whole one, after a kill inside its transaction', async () => {
  const figures = await killDuringForks(harness, { kills: 1, seed: 41 });
  expectAllInsideAndWhole('kills during a fork', figures, 1);
}, 180_000);

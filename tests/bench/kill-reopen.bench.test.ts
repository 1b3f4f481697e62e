import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { formatFigures, runKills } from '../fixtures/kill/kill-cycle.ts';

/**
 * Kill-and-reopen (issue 16, crash safety): a scripted 30-step run that writes four files
 * version after version, its page closed or its renderer crashed at seeded random moments
 * (waiting for the model, in its stream, inside a tool, between steps), a new page opened
 * on the same storage after each kill. Prints events lost, torn files and runs recovered.
 * KILLS (default 50) and KILL_SEED (default: drawn, and printed) replay a series.
 */
const KILLS = Number(process.env.KILLS ?? 50);
const SEED = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));

let harness: AppHarness;
beforeAll(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 200 });
});
afterAll(async () => {
  await harness.close();
});

it(`survives ${KILLS} kills of a running page`, { timeout: KILLS * 15_000 + 120_000 }, async () => {
  const figures = await runKills(harness, {
    kills: KILLS,
    seed: SEED,
    log: process.env.KILL_VERBOSE ? (line) => console.log(line) : undefined,
  });
  console.log(formatFigures(figures));
  expect(figures.kills).toBe(KILLS);
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { formatFigures, runKills } from '../fixtures/kill/kill-cycle.ts';
import { type KillableApp, startKillableApp } from '../fixtures/kill/killable-app.ts';

let app: KillableApp;
beforeEach(async () => {
  app = await startKillableApp({ stepBudget: 200 });
}, 60_000);
afterEach(async () => {
  await app?.close();
});

it('loses nothing the person saw when the whole browser is SIGKILLed twice mid-run, and recovers', async () => {
  // Two kills at a fixed seed; the soak (`npm run soak`, tests/bench/browser-kill) makes 50 at drawn seeds.
  const figures = await runKills(app.target, { kills: 2, seed: 29, browser: app.browser });
  console.log(formatFigures(figures));
  expect(figures.problems, formatFigures(figures)).toEqual([]);
  expect(figures.browserKills).toBe(2);
  expect(figures.eventsSeen).toBeGreaterThan(0);
  expect(figures.eventsLost).toBe(0);
  expect(figures.tornFiles).toBe(0);
  expect(figures.recovered).toBe(2);
  expect(figures.finishedRuns).toBe(1);
}, 180_000);

import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatFigures, KILL_RUN_PATHS, runKills } from '../fixtures/kill/kill-cycle.ts';
import { type KillableApp, startKillableApp } from '../fixtures/kill/killable-app.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Whole-browser kills (issue 29): the scripted 30-step run that writes four files version
 * after version, with Chromium's whole process group SIGKILLed at seeded random moments
 * (waiting for the model, in its stream, inside a tool, between steps) and relaunched on
 * the same profile each time. Compares what the page showed just before each kill with
 * what reopens. KILLS (default 50) and KILL_SEED (default: drawn, and printed) replay a
 * series. Records the figures (`browser-kill`).
 */
const KILLS = Number(process.env.KILLS ?? 50);
const SEED = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));

let app: KillableApp;
beforeAll(async () => {
  app = await startKillableApp({ stepBudget: 200 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

it(`survives ${KILLS} SIGKILLs of the whole browser`, { timeout: KILLS * 20_000 + 120_000 }, async () => {
  const figures = await runKills(app.target, {
    kills: KILLS,
    seed: SEED,
    browser: app.browser,
    log: process.env.KILL_VERBOSE ? (line) => console.log(line) : undefined,
  });
  console.log(formatFigures(figures));
  recordFigures('browser-kill', {
    title:
      'Whole-browser kills: Chromium SIGKILLed (process group) at random moments of a 30-step run, relaunched on its profile',
    bench: import.meta.url,
    paths: KILL_RUN_PATHS,
    command: `npx vite build && KILL_SEED=${SEED} npx vitest run --project bench tests/bench/browser-kill.bench.test.ts`,
    figures: [
      { name: 'whole-browser kills', value: figures.browserKills, unit: '' },
      {
        name: 'aimed at a model request or stream, and landed there',
        value: figures.landed.model,
        unit: '',
        note: `of ${figures.byPoint.model} aimed (the rest found the answer already complete)`,
      },
      {
        name: 'aimed at a running tool, and landed there',
        value: figures.landed.tool,
        unit: '',
        note: `of ${figures.byPoint.tool} aimed (the rest found the tool already finished)`,
      },
      { name: 'at any time', value: figures.byPoint.anytime, unit: '' },
      {
        name: 'events lost',
        value: figures.eventsLost,
        unit: '',
        note: `of ${figures.eventsSeen} rendered actions, each checked after every later kill`,
      },
      { name: 'torn files (not exactly one scripted version)', value: figures.tornFiles, unit: '' },
      {
        name: 'runs recovered (the action in flight closed, the run going on)',
        value: figures.recovered,
        unit: '',
      },
      { name: 'actions closed as interrupted', value: figures.interruptedActions, unit: '' },
      { name: 'runs that reached their result', value: figures.finishedRuns, unit: '' },
      {
        name: 'problems',
        value: figures.problems.length,
        unit: '',
        ...(figures.problems.length > 0
          ? { note: figures.problems.slice(0, 3).join(' | ').slice(0, 600) }
          : {}),
      },
      { name: 'time', value: figures.seconds, unit: 's' },
    ],
  });
  expect(figures.browserKills).toBe(KILLS);
  // Recorded first, then failed: a soak that found a problem says so in red, and its figures keep it.
  expect(figures.problems).toEqual([]);
});

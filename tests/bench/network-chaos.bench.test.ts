import { expect, it, vi } from 'vitest';
import { CHAOS_FAULTS } from '../fixtures/chaos-proxy.ts';
import { formatChaosFigures, runUnderChaos } from '../fixtures/chaos-runs.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Network chaos (issue 29): RUNS (default 10) scripted runs of STEPS (default 25) steps
 * through the real runtime, `openai` client and IndexedDB (fake-indexeddb), with a proxy
 * in front of the scripted model that resets, stalls (no bytes for 60 s; the app's request
 * timeout is 1.5 s here), truncates, corrupts a chunk, duplicates a chunk or buffers the
 * whole stream, on RATE (default 0.4) of the replies. CHAOS_SEED replays a series.
 * Records `network-chaos`.
 */
const RUNS = Number(process.env.RUNS ?? 10);
const STEPS = Number(process.env.STEPS ?? 25);
const RATE = Number(process.env.RATE ?? 0.4);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));

it(`runs ${RUNS * STEPS} steps under network chaos`, { timeout: 900_000 }, async () => {
  // The openai SDK logs each chunk it cannot parse (the corrupted ones); the figures count them.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const figures = await runUnderChaos({ runs: RUNS, stepsPerRun: STEPS, seed: SEED, faultRate: RATE });
  vi.restoreAllMocks();
  console.log(formatChaosFigures(figures));
  recordFigures('network-chaos', {
    title: `Network chaos: ${RUNS} runs of ${STEPS} steps through a proxy that lies on ${Math.round(RATE * 100)}% of the replies (Node, the real runtime and openai client)`,
    bench: import.meta.url,
    paths: [
      'src/agent-worker/llm/',
      'src/agent-worker/engine/',
      'src/agent-worker/runtime/',
      'tests/fixtures/chaos-proxy.ts',
      'tests/fixtures/chaos-runs.ts',
      'tests/fixtures/scripted-llm-server.ts',
      'tests/integration/harness.ts',
    ],
    command: `CHAOS_SEED=${SEED} npx vitest run --project bench tests/bench/network-chaos.bench.test.ts`,
    figures: [
      { name: 'scripted steps', value: figures.steps, unit: '' },
      { name: 'replies played by the proxy', value: figures.replies, unit: '' },
      ...CHAOS_FAULTS.map((fault) => ({ name: `fault: ${fault}`, value: figures.faults[fault], unit: '' })),
      { name: 'requests the app sent again', value: figures.resent, unit: '' },
      {
        name: 'calls the model was told arrived broken',
        value: figures.corrections,
        unit: '',
        note: 'a duplicated chunk can break a call whose reply parsed whole; the scripted model sends it again',
      },
      { name: 'runs that finished by themselves', value: figures.endedDone, unit: '' },
      {
        name: 'runs paused asking (Retry when the retries ran out, or a question after three failed steps)',
        value: figures.endedPaused,
        unit: '',
        note: `Retry pressed ${figures.retriesPressed} times, questions answered ${figures.questionsAnswered}`,
      },
      { name: 'runs that ended in no clear state', value: figures.endedUnclear, unit: '' },
      {
        name: 'runs finished in the end (Retry pressed where paused)',
        value: figures.finished,
        unit: '',
        note: `of ${figures.runs}`,
      },
      { name: 'replies applied half or changed', value: figures.halfApplied, unit: '' },
      { name: 'steps recorded twice', value: figures.recordedTwice, unit: '' },
      {
        name: 'steps skipped after a call the model could not read',
        value: figures.skipped,
        unit: '',
        note: 'goal 0: each broken call is sent again by the scripted model',
      },
      { name: 'time', value: figures.seconds, unit: 's' },
    ],
  });
  expect(figures.steps).toBeGreaterThanOrEqual(200);
  // The goals: every run ends in a clear state and finishes, nothing half-applied or recorded twice.
  expect(figures.endedUnclear).toBe(0);
  expect(figures.finished).toBe(figures.runs);
  expect(figures.halfApplied).toBe(0);
  expect(figures.recordedTwice).toBe(0);
});

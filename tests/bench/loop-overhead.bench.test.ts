import { afterAll, beforeAll, expect, it } from 'vitest';
import { DIAGNOSTICS_CHANNEL_NAME } from '../../src/protocol/broadcast.ts';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { acknowledge, call, messagesOf, NOTES_TASK } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';

/**
 * Runtime overhead per step, in Chromium against the built app: measured in the agent
 * worker from the moment the model's response is in hand to the moment the next request
 * is handed to fetch — validation, the tool, the envelope writes to IndexedDB, the
 * broadcast, the context update and the SDK's request building included. The loopback
 * gap seen by the scripted server (response end → next request arrival) is printed too.
 * Prints figures; asserts only that the run completed.
 */
const STEPS = 200;
let harness: AppHarness;

beforeAll(async () => {
  harness = await startApp();
  await harness.configure({ stepBudget: 1000 });
});
afterAll(async () => {
  await harness.close();
});

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms (n=${sorted.length})`;
}

it(`measures loop overhead over a ${STEPS}-step scripted task`, async () => {
  const { page, model } = harness;
  await page.evaluate((channelName) => {
    const timings: number[] = [];
    (window as unknown as { stepTimings: number[] }).stepTimings = timings;
    new BroadcastChannel(channelName).onmessage = (event) => {
      if (event.data.kind === 'step') timings.push(event.data.overheadMs);
    };
  }, DIAGNOSTICS_CHANNEL_NAME);
  const plan = call('plan', {
    action: 'update',
    goal: 'Benchmark the loop',
    phases: [
      { id: 1, title: 'Work' },
      { id: 2, title: 'Deliver' },
    ],
  });
  const work: ScriptedTurn[] = Array.from({ length: STEPS - 4 }, (_, index) =>
    call('message', { type: 'info', text: `Progress update ${index + 1}` }),
  );
  model.setScript([
    acknowledge(),
    plan,
    ...work,
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', { type: 'result', text: 'Benchmark finished.' }),
  ]);
  const started = performance.now();
  await harness.sendTask(NOTES_TASK);
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 240_000 });
  const total = performance.now() - started;
  expect(model.requests).toHaveLength(STEPS);
  const readTimings = () => page.evaluate(() => (window as unknown as { stepTimings: number[] }).stepTimings);
  await expect.poll(async () => (await readTimings()).length).toBe(STEPS - 1);
  const overheads = await readTimings();

  const gaps: number[] = [];
  for (let index = 1; index < model.requests.length; index += 1) {
    const previous = model.requests[index - 1];
    const current = model.requests[index];
    if (previous?.respondedAt !== undefined && current) gaps.push(current.receivedAt - previous.respondedAt);
  }
  console.log(
    [
      `loop-overhead (Chromium, ${STEPS} steps, scripted model answering instantly)`,
      `  runtime overhead per step (worker: response in hand → next request sent): ${summary(overheads)}`,
      `  loopback gap per step (server: response end → next request arrives):     ${summary(gaps)}`,
      `  whole run ${(total / 1000).toFixed(2)} s; the last request carried ${messagesOf(model.requests.at(-1)).length} messages`,
    ].join('\n'),
  );
});

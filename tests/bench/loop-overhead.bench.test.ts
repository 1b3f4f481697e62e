import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppHarness, startApp } from '../e2e/app-harness.ts';
import { acknowledge, call, messagesOf, NOTES_TASK } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';

/**
 * Runtime overhead per step in Chromium: from the moment the scripted model finished
 * sending a tool call to the moment the next request arrived — tool run, envelope
 * writes to IndexedDB, broadcast, context rebuild and the SDK's request included.
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

it(`measures loop overhead over a ${STEPS}-step scripted task`, async () => {
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
  harness.model.setScript([
    acknowledge(),
    plan,
    ...work,
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', { type: 'result', text: 'Benchmark finished.' }),
  ]);
  const started = performance.now();
  await harness.sendTask(NOTES_TASK);
  await harness.page.locator('[data-action-type="message.result"]').waitFor({ timeout: 240_000 });
  const total = performance.now() - started;
  const requests = harness.model.requests;
  expect(requests).toHaveLength(STEPS);

  const gaps: number[] = [];
  for (let index = 1; index < requests.length; index += 1) {
    const previous = requests[index - 1]!;
    if (previous.respondedAt !== undefined) gaps.push(requests[index]!.receivedAt - previous.respondedAt);
  }
  gaps.sort((a, b) => a - b);
  const at = (quantile: number) => gaps[Math.min(gaps.length - 1, Math.floor(quantile * gaps.length))]!;
  const lastContext = messagesOf(requests.at(-1)).length;
  console.log(
    [
      `loop-overhead (Chromium, ${STEPS} steps, model answers instantly)`,
      `  per-step overhead: median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${gaps.at(-1)!.toFixed(2)} ms`,
      `  whole run: ${(total / 1000).toFixed(2)} s; last request carried ${lastContext} messages`,
    ].join('\n'),
  );
});

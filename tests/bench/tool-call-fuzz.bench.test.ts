import { expect, it } from 'vitest';
import { figureRows, runToolCallFuzz } from '../fixtures/fuzz/fuzz-harness.ts';
import { recordFigures } from './record-figures.ts';

/**
 * 10,000 generated tool calls over every tool of every profile, through the runtime's
 * decision and the tools' execute over a real virtual sandbox on fake-indexeddb (no
 * network, search, pages, media or Python). Prints, per category of call, the crashes,
 * the calls that did not become an observation the model can act on, the state changed
 * by refused calls and the timeouts (goal 0 for the first three), and the first findings.
 * `FUZZ_SEED` and `FUZZ_CALLS` replay or resize a run. Records the totals (`tool-call-fuzz`).
 */
it('prints what 10,000 fuzzed tool calls did', async () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const calls = Number(process.env.FUZZ_CALLS ?? 10_000);
  console.log(`tool-call fuzz: seed ${seed}, ${calls} calls (replay with FUZZ_SEED=${seed})`);
  const report = await runToolCallFuzz({
    seed,
    calls,
    onProgress: (done) => done % 2500 === 0 && console.log(`  ${done} calls…`),
  });
  console.table(figureRows(report));
  const tools = Object.entries(report.byTool);
  const neverSucceeded = tools.filter(([, figures]) => figures.succeeded === 0).map(([name]) => name);
  console.log(
    `${tools.length} tools in ${new Set(tools.map(([name]) => name.split('/')[0])).size} profiles; ` +
      `each got ${Math.min(...tools.map(([, figures]) => figures.calls))}–${Math.max(...tools.map(([, figures]) => figures.calls))} calls; ` +
      `never a success in this run (search, pages, media, X, Python, sub-agents are refused; some valid calls are rare): ${neverSucceeded.join(', ') || 'none'}`,
  );
  for (const finding of report.findings) {
    console.log(
      `${finding.figure} · ${finding.category} · ${finding.tool}: ${finding.detail}\n    call: ${JSON.stringify(finding.call).slice(0, 200)}`,
    );
  }
  console.log(`${calls} calls in ${(report.milliseconds / 1000).toFixed(1)} s`);
  const total = figureRows(report).total!;
  const perTool = tools.map(([, figures]) => figures.calls);
  recordFigures('tool-call-fuzz', {
    title: 'Fuzzed tool calls over every tool of the three profiles (Node, a real virtual sandbox)',
    bench: import.meta.url,
    paths: [
      'src/agent-worker/toolkit/',
      'src/agent-worker/profiles/',
      'src/agent-worker/sandbox/',
      'tests/fixtures/fuzz/',
      'tests/fixtures/tool-context.ts',
    ],
    command: `FUZZ_SEED=${seed} npx vitest run --project bench tests/bench/tool-call-fuzz.bench.test.ts`,
    figures: [
      {
        name: 'calls',
        value: calls,
        unit: '',
        note: `${tools.length} tools, ${Math.min(...perTool)}–${Math.max(...perTool)} calls each`,
      },
      { name: 'crashes', value: total.crashes, unit: '' },
      { name: 'runtime crashes', value: total.runtimeCrashes, unit: '' },
      {
        name: 'calls that did not become an observation the model can act on',
        value: total.nonObservations,
        unit: '',
      },
      { name: 'state changed by a refused call', value: total.stateChanges, unit: '' },
      { name: 'workspaces lost', value: total.workspaceLost, unit: '' },
      { name: 'timeouts', value: total.timeouts, unit: '' },
      { name: 'refused (by validation)', value: total.refused, unit: '' },
      {
        name: 'succeeded',
        value: total.succeeded,
        unit: '',
        note: `${total.blankSuccesses} with an empty output`,
      },
      { name: 'failed with a reason', value: total.failed, unit: '' },
      { name: 'time', value: Math.round(report.milliseconds / 100) / 10, unit: 's' },
    ],
  });
  expect(report.calls).toBe(calls);
});

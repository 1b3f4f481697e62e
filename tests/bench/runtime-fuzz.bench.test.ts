import { expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { figureRows } from '../fixtures/fuzz/fuzz-harness.ts';
import { runRuntimeFuzz } from '../fixtures/fuzz/runtime-fuzz.ts';
import { nodePythonWorkerStarter } from '../fixtures/python/node-python-worker.ts';
import { recordFigures } from './record-figures.ts';

/**
 * 2,000 generated tool calls through the whole runtime (issue 29): each the scripted
 * model's turn in a real run, over the journal, envelopes, redaction of every configured
 * secret, fake-indexeddb and the model's next request, with search, pages, media and X
 * played by fixtures and real Python (Pyodide in a Node worker). Prints the figures per
 * category, the tools that never succeeded (with why), every finding and every secret
 * found anywhere. `FUZZ_SEED`, `FUZZ_CALLS` replay or resize a run; `FUZZ_PYTHON=0` leaves
 * Python out. Records the totals (`runtime-fuzz`).
 */
it('prints what fuzzed tool calls did through the whole runtime', async () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const calls = Number(process.env.FUZZ_CALLS ?? 2000);
  console.log(`runtime fuzz: seed ${seed}, ${calls} calls (replay with FUZZ_SEED=${seed})`);
  const report = await runRuntimeFuzz({
    seed,
    calls,
    profiles: TOOL_PROFILES,
    python: process.env.FUZZ_PYTHON === '0' ? null : await nodePythonWorkerStarter(),
    // The run's console is captured (swept for secrets): progress goes straight to stdout.
    onProgress: (done) => process.stdout.write(`  ${done} calls…\n`),
  });
  const rows = figureRows({ ...report, findings: [], milliseconds: 0 });
  console.table(rows);
  const tools = Object.entries(report.byTool);
  const never = tools.filter(([, figures]) => figures.succeeded === 0);
  for (const [name, figures] of never)
    console.log(`never a success: ${name} (${figures.calls} calls), e.g. ${figures.failures.join(' | ')}`);
  for (const finding of report.findings)
    console.log(
      `${finding.figure} · ${finding.category} · ${finding.tool}: ${finding.detail}\n    call: ${finding.call.slice(0, 200)}`,
    );
  for (const hit of report.secretHits.slice(0, 12))
    console.log(`secret found: ${hit.secret} (${hit.spelling}) in ${hit.where}`);
  const seconds = Math.round(report.milliseconds / 100) / 10;
  console.log(
    `${report.conversations} conversations, ${report.modelRequests} model requests, ${seconds} s; ` +
      `${report.droppedReplies} replies dropped whole as too long, ${report.closedConversations} conversations closed by one`,
  );
  const total = rows.total!;
  const perTool = tools.map(([, figures]) => figures.calls);
  recordFigures('runtime-fuzz', {
    title: 'Fuzzed tool calls through the whole runtime (journal, envelopes, redaction, IndexedDB; Node)',
    bench: import.meta.url,
    paths: [
      'src/agent-worker/',
      'src/shared/protocol/',
      'src/shared/storage/',
      'src/python-worker/',
      'tests/fixtures/fuzz/',
      'tests/fixtures/web/',
      'tests/fixtures/media/',
      'tests/fixtures/secrets/',
      'tests/fixtures/python/',
      'tests/fixtures/x-api/',
      'tests/integration/harness.ts',
    ],
    command: `FUZZ_SEED=${seed} npx vitest run --project bench tests/bench/runtime-fuzz.bench.test.ts`,
    figures: [
      {
        name: 'calls',
        value: calls,
        unit: '',
        note: `${tools.length} tools, ${Math.min(...perTool)}–${Math.max(...perTool)} calls each, in ${report.conversations} conversations`,
      },
      { name: 'runs crashed (an internal error)', value: total.crashes, unit: '' },
      { name: 'calls recorded wrong (no completion, or unreadable)', value: total.runtimeCrashes, unit: '' },
      { name: 'calls recorded twice', value: report.recordedTwice, unit: '' },
      { name: 'answers the model could not act on', value: total.nonObservations, unit: '' },
      { name: 'state changed by a refused call', value: total.stateChanges, unit: '' },
      { name: 'workspaces lost', value: total.workspaceLost, unit: '' },
      { name: 'timeouts', value: total.timeouts, unit: '' },
      {
        name: 'configured secrets found (rows, bundles, broadcasts, console, diagnostics, requests)',
        value: report.secretHits.length,
        unit: '',
      },
      {
        name: 'tools never succeeded',
        value: never.length,
        unit: '',
        note: never.map(([name]) => name).join(', ') || 'none',
      },
      { name: 'succeeded', value: total.succeeded, unit: '' },
      { name: 'refused (by validation)', value: total.refused, unit: '' },
      { name: 'failed with a reason', value: total.failed, unit: '' },
      { name: 'replies dropped whole as too long', value: report.droppedReplies, unit: '' },
      {
        name: 'conversations closed by one call too long for any request',
        value: report.closedConversations,
        unit: '',
      },
      { name: 'time', value: seconds, unit: 's' },
    ],
  });
  expect(report.calls).toBe(calls);
}, 3_600_000);

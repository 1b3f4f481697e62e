import { describe, expect, it } from 'vitest';
import { TOOL_PROFILES } from '../../src/agent-worker/profiles/index.ts';
import { brokenProfile, hangingProfile } from '../fixtures/fuzz/broken-profiles.ts';
import { figureRows } from '../fixtures/fuzz/fuzz-harness.ts';
import { type RuntimeFuzzReport, runRuntimeFuzz } from '../fixtures/fuzz/runtime-fuzz.ts';

/**
 * Issue 29: fuzzed calls through the whole runtime (the journal, envelopes, redaction of
 * every configured secret, IndexedDB on fake-indexeddb, the model's next request), with
 * the search, page, media and X services played by fixtures. Every figure the run holds at
 * 0 is shown above 0 by a control, but calls recorded twice, which no tool can cause (the
 * journal records each completion once). The 2,000-call run is tests/bench/runtime-fuzz.
 */
function held(report: RuntimeFuzzReport) {
  const { total } = figureRows({ ...report, findings: [], milliseconds: 0 });
  return {
    crashes: total?.crashes,
    runtimeCrashes: total?.runtimeCrashes,
    nonObservations: total?.nonObservations,
    stateChanges: total?.stateChanges,
    workspaceLost: total?.workspaceLost,
    timeouts: total?.timeouts,
    recordedTwice: report.recordedTwice,
    secretHits: report.secretHits.length,
  };
}

describe('fuzzed calls through the whole runtime', () => {
  it('each become one recorded observation the model reads, with no crash, leak or refused change', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 29);
    const report = await runRuntimeFuzz({ seed, calls: 150, profiles: TOOL_PROFILES });
    const findings = report.findings
      .filter((finding) => !['refused', 'succeeded', 'failed', 'blankSuccesses'].includes(finding.figure))
      .map((finding) => `${finding.figure} ${finding.category} ${finding.tool}: ${finding.detail}`);
    const hits = report.secretHits.map((hit) => `${hit.secret} in ${hit.where}`);
    expect({ seed, ...held(report), findings, hits }).toEqual({
      seed,
      crashes: 0,
      runtimeCrashes: 0,
      nonObservations: 0,
      stateChanges: 0,
      workspaceLost: 0,
      timeouts: 0,
      recordedTwice: 0,
      secretHits: 0,
      findings: [],
      hits: [],
    });
  }, 120_000);

  it('counts each figure when a tool breaks its rule (the controls)', async () => {
    const broken = await runRuntimeFuzz({ seed: 2, calls: 60, profiles: [brokenProfile()] }).finally(() => {
      delete (Object.prototype as Record<string, unknown>).fuzzPolluted;
    });
    const hanging = await runRuntimeFuzz({
      seed: 2,
      calls: 6,
      profiles: [hangingProfile()],
      callTimeoutMs: 300,
    });
    const figures = { ...held(broken), timeouts: held(hanging).timeouts };
    const missed = Object.entries(figures).filter(
      ([name, count]) => name !== 'recordedTwice' && !(count && count > 0),
    );
    expect(missed).toEqual([]);
  }, 120_000);
});

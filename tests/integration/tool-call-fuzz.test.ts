import { describe, expect, it, vi } from 'vitest';
import { brokenProfile, hangingProfile } from '../fixtures/fuzz/broken-profiles.ts';
import { figureRows, runToolCallFuzz } from '../fixtures/fuzz/fuzz-harness.ts';

/**
 * 600 generated tool calls (valid, near-valid, garbage, huge, deep, hostile) through the
 * runtime's decision and every tool's execute over a real virtual sandbox: none crashes,
 * each becomes an observation the model can act on, and no refused call changes the
 * workspace or a built-in prototype. The 10,000-call run is tests/bench/tool-call-fuzz.
 */
describe('fuzzed tool calls', () => {
  it('become observations, without crashes or state changed by a refused call', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 16);
    const report = await runToolCallFuzz({ seed, calls: 600 });
    const { total } = figureRows(report);
    const findings = report.findings
      .filter((finding) =>
        ['crashes', 'runtimeCrashes', 'nonObservations', 'stateChanges', 'workspaceLost'].includes(
          finding.figure,
        ),
      )
      .map((finding) => `${finding.figure} ${finding.category} ${finding.tool}: ${finding.detail}`);
    expect({
      seed,
      crashes: total?.crashes,
      runtimeCrashes: total?.runtimeCrashes,
      nonObservations: total?.nonObservations,
      stateChanges: total?.stateChanges,
      workspaceLost: total?.workspaceLost,
      timeouts: total?.timeouts,
      findings,
    }).toEqual({
      seed,
      crashes: 0,
      runtimeCrashes: 0,
      nonObservations: 0,
      stateChanges: 0,
      workspaceLost: 0,
      timeouts: 0,
      findings: [],
    });
  }, 60_000);

  it('counts each of its six figures when a tool breaks that rule (the control)', async () => {
    // `logs_its_text` writes its fuzzed text (up to a million newlines) to the console: kept
    // out of the test report, where it once made the CI log a million lines long.
    const quiet = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const report = await runToolCallFuzz({ seed: 1, calls: 300, profiles: [brokenProfile()] }).finally(() => {
      delete (Object.prototype as Record<string, unknown>).fuzzPolluted;
      quiet.mockRestore();
    });
    const { total } = figureRows(report);
    // A tool that never answers, alone and with a short limit (each such call waits it out).
    const hanging = await runToolCallFuzz({
      seed: 1,
      calls: 4,
      profiles: [hangingProfile()],
      callTimeoutMs: 50,
    });
    const missed = Object.entries({
      crashes: total?.crashes,
      runtimeCrashes: total?.runtimeCrashes,
      nonObservations: total?.nonObservations,
      stateChanges: total?.stateChanges,
      workspaceLost: total?.workspaceLost,
      timeouts: figureRows(hanging).total?.timeouts,
    }).filter(([, count]) => !(count && count > 0));
    // Every figure the fuzz run holds at 0 can be seen above 0.
    expect(missed).toEqual([]);
  }, 60_000);
});

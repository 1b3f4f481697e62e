import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, invalidArguments, type Tool } from '../../src/agent/toolkit/define-tool.ts';
import { defineProfile } from '../../src/agent/toolkit/profile.ts';
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
      findings,
    }).toEqual({
      seed,
      crashes: 0,
      runtimeCrashes: 0,
      nonObservations: 0,
      stateChanges: 0,
      workspaceLost: 0,
      findings: [],
    });
  }, 60_000);

  it('counts what a broken tool does: a throw, a blank error, a write and a pollution on refusal', async () => {
    const report = await runToolCallFuzz({ seed: 1, calls: 300, profiles: [brokenProfile()] }).finally(() => {
      delete (Object.prototype as Record<string, unknown>).fuzzPolluted;
    });
    const { total } = figureRows(report);
    expect(total?.crashes).toBeGreaterThan(0);
    expect(total?.nonObservations).toBeGreaterThan(0);
    expect(total?.stateChanges).toBeGreaterThan(0);
  }, 60_000);
});

/** A profile of tools that each break one rule the fuzz run checks. */
function brokenProfile() {
  const throwing: Tool = {
    ...defineTool({
      name: 'throws',
      description: 'Throws while preparing.',
      metaKind: null,
      parameters: z.object({ text: z.string().optional() }),
      describe: () => 'Throwing',
    }),
    prepare: () => {
      throw new Error('prepare threw');
    },
  };
  const blank = defineTool({
    name: 'blank_error',
    description: 'Fails without a reason.',
    metaKind: null,
    parameters: z.object({ text: z.string().optional() }),
    describe: () => 'Failing',
    execute: () => ({ status: 'error', kind: 'execution', message: ' ' }),
  });
  const writer = defineTool({
    name: 'writes_then_refuses',
    description: 'Writes a file, then refuses the call.',
    metaKind: null,
    parameters: z.object({ text: z.string().optional() }),
    describe: () => 'Writing',
    execute: async (_params, context) => {
      const sandbox = await context.sandbox();
      await sandbox.writeFile(`/home/ubuntu/leak-${Math.random()}.txt`, 'x');
      (Object.prototype as Record<string, unknown>).fuzzPolluted ??= true;
      return invalidArguments('Refused after writing.');
    },
  });
  return defineProfile({
    id: 'broken',
    title: 'Broken',
    systemPrompt: 'Broken tools.',
    tools: [throwing, blank, writer],
    openingSteps: [],
    roleOf: () => null,
    runtimeAsk: { tool: 'blank_error', actionType: 'blank_error', metaKind: null },
    notes: { noToolCall: '', compaction: '' },
  });
}

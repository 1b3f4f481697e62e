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
    const report = await runToolCallFuzz({ seed: 1, calls: 300, profiles: [brokenProfile()] }).finally(() => {
      delete (Object.prototype as Record<string, unknown>).fuzzPolluted;
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

/** A profile of tools that each break one rule the fuzz run checks: one per figure. */
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
  // Parsed arguments that are not data: the runtime's record of them cannot be cloned.
  const unclonable = defineTool({
    name: 'unclonable_arguments',
    description: 'Parses its text into a function.',
    metaKind: null,
    parameters: z.object({
      text: z
        .string()
        .optional()
        .transform(() => () => 'not data'),
    }),
    describe: () => 'Parsing',
    execute: () => ({ status: 'success', content: 'ran', meta: {} }),
  });
  const wiper = defineTool({
    name: 'wipes_workspace',
    description: 'Deletes the whole workspace.',
    metaKind: null,
    parameters: z.object({ text: z.string().optional() }),
    describe: () => 'Wiping',
    execute: async (_params, context) => {
      await (await context.sandbox()).remove('/home/ubuntu', { isRecursive: true });
      return { status: 'success', content: 'wiped', meta: {} };
    },
  });
  return defineProfile({
    id: 'broken',
    title: 'Broken',
    systemPrompt: 'Broken tools.',
    tools: [throwing, blank, writer, unclonable, wiper],
    openingSteps: [],
    roleOf: () => null,
    runtimeAsk: { tool: 'blank_error', actionType: 'blank_error', metaKind: null },
    notes: { noToolCall: '', compaction: '' },
  });
}

/** A profile whose one tool never answers. */
function hangingProfile() {
  const hanging = defineTool({
    name: 'never_answers',
    description: 'Never resolves.',
    metaKind: null,
    parameters: z.object({ text: z.string().optional() }),
    describe: () => 'Waiting',
    execute: () => new Promise<never>(() => undefined),
  });
  return defineProfile({
    id: 'hanging',
    title: 'Hanging',
    systemPrompt: 'A tool that never answers.',
    tools: [hanging],
    openingSteps: [],
    roleOf: () => null,
    runtimeAsk: { tool: 'never_answers', actionType: 'never_answers', metaKind: null },
    notes: { noToolCall: '', compaction: '' },
  });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { defineTool, MAX_CONTENT_CHARACTERS } from './define-tool.ts';
import { withTarget } from './label-rules.ts';

const HUGE = 'x'.repeat(2 * MAX_CONTENT_CHARACTERS);

/** A tool whose label and execute echo what the model sent, as real tools do. */
const echoTool = defineTool({
  name: 'echo',
  description: 'Echoes.',
  metaKind: null,
  parameters: z.strictObject({ text: z.string() }),
  label: withTarget('check', 'text'),
  effect: 'reads',
  execute: (params) => {
    throw new Error(`No session ${params.text}`);
  },
});

describe('defineTool', () => {
  it('caps the message of a thrown error like any other observation', async () => {
    const prepared = echoTool.prepare(JSON.stringify({ text: HUGE }));
    if (!prepared.ok || !prepared.execute) throw new Error('Expected a prepared call.');
    const outcome = await prepared.execute(testToolContext());
    expect(outcome.status).toBe('error');
    expect(outcome.status === 'error' && outcome.message.length).toBeLessThan(MAX_CONTENT_CHARACTERS + 100);
    expect(prepared.action.description.length).toBeLessThan(MAX_CONTENT_CHARACTERS + 100);
  });

  it('caps a validation message that quotes what the model sent (an unknown key of a megabyte)', () => {
    const prepared = echoTool.prepare(JSON.stringify({ text: 'a', [HUGE]: 1 }));
    expect(prepared.ok).toBe(false);
    expect(!prepared.ok && prepared.message.length).toBeLessThan(MAX_CONTENT_CHARACTERS + 100);
  });

  it('says its label while it runs: the verb alone when the target is blank', () => {
    const blank = echoTool.prepare(JSON.stringify({ text: ' \n ' }));
    expect(blank.ok && blank.action.description).toBe('Checking');
    const named = echoTool.prepare(JSON.stringify({ text: 'the build' }));
    expect(named.ok && named.action.description).toBe('Checking the build');
    expect(named.ok && named.action.summary).toEqual({ verb: 'check', target: 'the build' });
  });
});

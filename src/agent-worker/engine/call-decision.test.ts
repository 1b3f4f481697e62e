import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manusProfile } from '../profiles/manus/manus-profile.ts';
import { defineTool } from '../toolkit/define-tool.ts';
import { withTarget } from '../toolkit/label-rules.ts';
import { defineProfile } from '../toolkit/profile.ts';
import { decideCall, notAvailableOutcome } from './call-decision.ts';

const [acknowledgment] = manusProfile.openingSteps;

const call = (name: string, args: unknown) => ({
  id: 'c1',
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

describe('decideCall', () => {
  it('lets a valid call run', () => {
    const decision = decideCall(call('message', { type: 'info', text: 'Hi' }), manusProfile, null, []);
    expect(decision).toMatchObject({ ok: true, action: { tool: 'message', actionType: 'message.info' } });
  });

  it('names an unknown tool and lists the real ones', () => {
    expect(decideCall(call('teleport', {}), manusProfile, null, [])).toMatchObject({
      ok: false,
      kind: 'validation',
      message: expect.stringMatching(/no tool named `teleport`.*plan, message, shell/),
    });
  });

  it('says plainly when no tool name could be read at all', () => {
    expect(decideCall(call('', '{"type": "in'), manusProfile, null, [])).toMatchObject({
      ok: false,
      action: { tool: 'unknown' },
      message: expect.stringMatching(/not a readable tool call/),
    });
  });

  it('refuses a call that does not match the forced step', () => {
    const decision = decideCall(
      call('message', { type: 'result', text: 'Done' }),
      manusProfile,
      acknowledgment ?? null,
      [],
    );
    expect(decision).toMatchObject({
      ok: false,
      message: expect.stringMatching(/must be `message` with type `info`/),
    });
  });

  it('says what the call does in the shared verbs, valid or not (the thread labels its step by it)', () => {
    expect(
      decideCall(
        call('shell', { action: 'exec', session: 'build', command: 'ls -la' }),
        manusProfile,
        null,
        [],
      ),
    ).toMatchObject({ ok: true, action: { summary: { verb: 'run', target: 'ls -la' } } });
    // A session that is not a string: refused, still labelled by what it tried.
    expect(
      decideCall(call('shell', { action: 'exec', session: 7, command: 'npm test' }), manusProfile, null, []),
    ).toMatchObject({ ok: false, action: { summary: { verb: 'run', target: 'npm test' } } });
    expect(decideCall(call('teleport', {}), manusProfile, null, [])).toMatchObject({
      action: { summary: null },
    });
  });

  it('keeps the call’s arguments for the UI: validated when they are valid, as sent when they are not', () => {
    expect(
      decideCall(call('shell', { action: 'exec', session: 'build', command: 'ls' }), manusProfile, null, []),
    ).toMatchObject({ ok: true, action: { arguments: { action: 'exec', session: 'build', command: 'ls' } } });
    // Refused because it is not the forced step: still the validated arguments.
    expect(
      decideCall(call('message', { type: 'result', text: 'x' }), manusProfile, acknowledgment ?? null, []),
    ).toMatchObject({
      ok: false,
      action: { role: 'result', metaKind: 'message', arguments: { type: 'result', text: 'x' } },
    });
    // Invalid: the arguments as the model sent them, parsed; unreadable ones are none.
    expect(decideCall(call('shell', { action: 'exec', session: 7 }), manusProfile, null, [])).toMatchObject({
      ok: false,
      kind: 'validation',
      action: { arguments: { action: 'exec', session: 7 } },
    });
    expect(decideCall(call('shell', '{not json'), manusProfile, null, []).action.arguments).toBeNull();
  });

  it('lets a call of a tool that does not run yet through, for the runtime to answer', () => {
    // Every Manus tool runs now: a profile with one listed tool that does not run yet.
    const later = defineTool({
      name: 'later',
      description: 'A tool listed before it runs.',
      metaKind: null,
      parameters: z.object({ what: z.string() }),
      label: withTarget('check', 'what'),
      effect: 'reads',
    });
    const profile = defineProfile({ ...manusProfile, tools: [...manusProfile.tools, later] });
    const decision = decideCall(call('later', { what: 'x' }), profile, null, []);
    expect(decision).toMatchObject({ ok: true, execute: null, action: { description: 'Checking x' } });
    // The list names the profile's working tools, in the profile's order.
    const outcome = notAvailableOutcome('later', profile);
    expect(outcome).toMatchObject({ status: 'error', kind: 'execution' });
    const working = manusProfile.tools.map((tool) => `\`${tool.name}\``);
    expect(working.slice(0, 5)).toEqual(['`plan`', '`message`', '`shell`', '`file`', '`match`']);
    expect(outcome.status === 'error' && outcome.message).toBe(
      `The \`later\` tool is not available yet in this version of Sandpiper. The tools that work are ${working.slice(0, -1).join(', ')} and ${working.at(-1)}: continue with them, or tell the user what could not be done.`,
    );
    expect(manusProfile.tools.every((tool) => tool.isAvailable)).toBe(true);
  });
});

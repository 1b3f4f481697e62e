import { describe, expect, it } from 'vitest';
import { decideCall } from './call-decision.ts';
import { manusProfile } from './profiles/manus/manus-profile.ts';

const [acknowledgment] = manusProfile.openingSteps;

const call = (name: string, args: unknown) => ({
  id: 'c1',
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

describe('decideCall', () => {
  it('lets a valid call run', () => {
    const decision = decideCall(call('message', { type: 'info', text: 'Hi' }), manusProfile, null, []);
    expect(decision).toMatchObject({ ok: true, call: { tool: 'message', actionType: 'message.info' } });
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
      tool: 'unknown',
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
});

import { describe, expect, it } from 'vitest';
import { parseGeneratedCalls } from './generated-calls.ts';

function ids() {
  let next = 0;
  return () => `call_${++next}`;
}

describe('parseGeneratedCalls', () => {
  it('reads a constrained call, keeping its arguments (compact, in the generated key order)', () => {
    const text = '{"name": "message", "arguments": {"type": "info", "text": "Hi"}}';
    expect(parseGeneratedCalls(text, 'object', ids())).toEqual([
      { id: 'call_1', name: 'message', arguments: '{"type":"info","text":"Hi"}' },
    ]);
  });

  it('reads every call of a Hermes array, each with its own id', () => {
    const text =
      '[{"arguments": {"type": "info", "text": "Hi"}, "name": "message"}, {"arguments": {}, "name": "plan"}]';
    expect(parseGeneratedCalls(text, 'hermes_array', ids())).toEqual([
      { id: 'call_1', name: 'message', arguments: '{"type":"info","text":"Hi"}' },
      { id: 'call_2', name: 'plan', arguments: '{}' },
    ]);
    expect(parseGeneratedCalls('[]', 'hermes_array', ids())).toEqual([]);
  });

  it('keeps a cut-off call as a call the loop will refuse: its name, and arguments that are not JSON', () => {
    const [call] = parseGeneratedCalls(
      '{"name": "message", "arguments": {"type": "info", "text": "Hel',
      'object',
      ids(),
    );
    expect(call?.name).toBe('message');
    expect(call?.arguments).toBe('{"type": "info", "text": "Hel');
    expect(() => JSON.parse(call?.arguments ?? '')).toThrow();
  });

  it('reads the name of a cut-off Hermes call only when it was written (it comes last)', () => {
    const named = parseGeneratedCalls(
      '[{"arguments": {"text": "Hi", "type": "info"}, "name": "message"}',
      'hermes_array',
      ids(),
    );
    expect(named[0]?.name).toBe('message');
    const unnamed = parseGeneratedCalls('[{"arguments": {"text": "Hel', 'hermes_array', ids());
    expect(unnamed).toEqual([{ id: 'call_1', name: '', arguments: '{"text": "Hel' }]);
  });

  it('turns JSON of the wrong shape into a call with no tool name', () => {
    expect(parseGeneratedCalls('{"tool": "message"}', 'object', ids())).toEqual([
      { id: 'call_1', name: '', arguments: '{"tool":"message"}' },
    ]);
    expect(parseGeneratedCalls('{"name": "message"}', 'object', ids())).toEqual([
      { id: 'call_1', name: 'message', arguments: '' },
    ]);
  });
});

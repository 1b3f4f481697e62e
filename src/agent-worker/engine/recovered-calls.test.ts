import { describe, expect, it } from 'vitest';
import { recoverCallFromText } from './recovered-calls.ts';

const TOOLS = ['message', 'plan', 'file'];
const recover = (text: string) => recoverCallFromText(text, TOOLS, () => 'call_1');

describe('recoverCallFromText', () => {
  it('reads a Hermes/Qwen <tool_call> block', () => {
    expect(
      recover(
        'Sure.\n<tool_call>\n{"name": "message", "arguments": {"type": "info", "text": "On it"}}\n</tool_call>',
      ),
    ).toEqual({ id: 'call_1', name: 'message', arguments: '{"type":"info","text":"On it"}' });
  });

  it('reads a fenced JSON block, and `parameters` for `arguments`', () => {
    const text = 'I will plan:\n```json\n{"name": "plan", "parameters": {"action": "update"}}\n```\nDone.';
    expect(recover(text)).toMatchObject({ name: 'plan', arguments: '{"action":"update"}' });
  });

  it('reads a bare JSON object in prose, braces inside strings included', () => {
    const text =
      'Writing it now {"name":"file","arguments":{"action":"write","path":"/a","text":"{ not } a brace"}} ok';
    expect(recover(text)).toMatchObject({
      name: 'file',
      arguments: '{"action":"write","path":"/a","text":"{ not } a brace"}',
    });
  });

  it('keeps arguments given as a JSON string as they are', () => {
    expect(recover('{"name":"plan","arguments":"{\\"action\\":\\"advance\\"}"}')).toMatchObject({
      arguments: '{"action":"advance"}',
    });
  });

  it('scans hostile text in linear time: an unclosed fence over blank lines, spaces after a tag', () => {
    const started = performance.now();
    expect(recover(`\`\`\`\n${'    \n'.repeat(50_000)}`)).toBeNull();
    expect(recover(`\`\`\`json\r\n${'\r\n'.repeat(50_000)}`)).toBeNull();
    expect(recover(`<tool_call>${' '.repeat(200_000)}`)).toBeNull();
    expect(recover('{'.repeat(100_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('finds nothing in prose, in JSON that names no tool of the profile, or in broken JSON', () => {
    expect(recover('I think the answer is 42.')).toBeNull();
    expect(recover('{"name": "teleport", "arguments": {}}')).toBeNull();
    expect(recover('{"answer": 42}')).toBeNull();
    expect(recover('<tool_call>{"name": "message", "arguments": {"type": </tool_call>')).toBeNull();
    expect(recover('{"__proto__": {"name": "message"}}')).toBeNull();
  });
});

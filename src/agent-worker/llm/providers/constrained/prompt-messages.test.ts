import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../chat-messages.ts';
import { type MessageLayout, toTextMessages } from './prompt-messages.ts';

const CONSTRAINED: MessageLayout = {
  callFormat: 'object',
  instructions: '# Tools …',
  systemPrompt: 'system_message',
  leadingSystemMessage: null,
};
const NATIVE: MessageLayout = {
  callFormat: 'hermes_array',
  instructions: null,
  systemPrompt: 'first_user_message',
  leadingSystemMessage: null,
};

const assistantCall = (id: string, name: string, args: string): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name, arguments: args } }],
});

const CONTEXT: ChatMessage[] = [
  { role: 'system', content: 'You are Sandpiper.' },
  { role: 'user', content: 'Build a notes app' },
  assistantCall('call_1', 'message', '{"type":"info","text":"On it."}'),
  { role: 'tool', tool_call_id: 'call_1', content: '{"status":"success"}' },
];

const nothingRemembered = () => undefined;

describe('toTextMessages', () => {
  it('writes calls back as the model writes them and results as user text headed by the tool', () => {
    expect(toTextMessages(CONTEXT, CONSTRAINED, nothingRemembered)).toEqual([
      { role: 'system', content: 'You are Sandpiper.\n\n# Tools …' },
      { role: 'user', content: 'Build a notes app' },
      { role: 'assistant', content: '{"name":"message","arguments":{"type":"info","text":"On it."}}' },
      { role: 'user', content: 'Result of `message`:\n{"status":"success"}' },
    ]);
  });

  it('recalls the exact generated text of a call this engine produced', () => {
    const generated = '{"name": "message", "arguments": {"type": "info", "text": "On it."}}';
    const recall = (id: string) => (id === 'call_1' ? generated : undefined);
    expect(toTextMessages(CONTEXT, CONSTRAINED, recall)[2]).toEqual({
      role: 'assistant',
      content: generated,
    });
  });

  it('writes a call shown shorter in the log (a written file’s digest) from the log, not from memory', () => {
    const generated = '{"name": "message", "arguments": {"type": "info", "text": "On it, at length."}}';
    const recall = (id: string) => (id === 'call_1' ? generated : undefined);
    expect(toTextMessages(CONTEXT, CONSTRAINED, recall)[2]).toEqual({
      role: 'assistant',
      content: '{"name":"message","arguments":{"type":"info","text":"On it."}}',
    });
  });

  it('joins consecutive user texts, so one message follows each reply (what web-llm needs to reuse its cache)', () => {
    const queued: ChatMessage[] = [...CONTEXT, { role: 'user', content: 'Use SQLite.' }];
    const messages = toTextMessages(queued, CONSTRAINED, nothingRemembered);
    expect(messages).toHaveLength(4);
    expect(messages[3]).toEqual({
      role: 'user',
      content: 'Result of `message`:\n{"status":"success"}\n\nUse SQLite.',
    });
  });

  it('keeps earlier messages unchanged when the context grows by a reply and a result', () => {
    const longer: ChatMessage[] = [
      ...CONTEXT,
      assistantCall('call_2', 'plan', '{"action":"update"}'),
      { role: 'tool', tool_call_id: 'call_2', content: '{"status":"error"}' },
    ];
    const before = toTextMessages(CONTEXT, CONSTRAINED, nothingRemembered);
    const after = toTextMessages(longer, CONSTRAINED, nothingRemembered);
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('for native tool calling, sends no system message of its own: the system prompt leads the first user text', () => {
    const messages = toTextMessages(CONTEXT, NATIVE, nothingRemembered);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[0]).toEqual({ role: 'user', content: 'You are Sandpiper.\n\nBuild a notes app' });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: '[{"arguments":{"type":"info","text":"On it."},"name":"message"}]',
    });
    const forced = toTextMessages(
      CONTEXT,
      { ...NATIVE, leadingSystemMessage: 'Hermes prompt' },
      nothingRemembered,
    );
    expect(forced).toEqual([{ role: 'system', content: 'Hermes prompt' }, ...messages]);
  });

  it('writes text a remote model sent beside its calls, and every call it made', () => {
    const twoCalls: ChatMessage = {
      role: 'assistant',
      content: 'Starting.',
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'message', arguments: '{}' } },
        { id: 'b', type: 'function', function: { name: 'plan', arguments: '' } },
      ],
    };
    const [, , reply] = toTextMessages(
      [CONTEXT[0]!, CONTEXT[1]!, twoCalls, CONTEXT[3]!],
      CONSTRAINED,
      nothingRemembered,
    );
    expect(reply).toEqual({
      role: 'assistant',
      content: 'Starting.\n{"name":"message","arguments":{}}\n{"name":"plan","arguments":{}}',
    });
  });
});

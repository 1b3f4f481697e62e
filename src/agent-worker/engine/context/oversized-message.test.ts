import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../llm/chat-messages.ts';
import {
  findOversizedMessage,
  messageTokens,
  oversizedMessageText,
  textTokens,
} from './oversized-message.ts';

const system: ChatMessage = { role: 'system', content: 'You are an agent.' };
const user = (content: string): ChatMessage => ({ role: 'user', content });
const FIVE_MB = `Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n${'x'.repeat(5 * 1024 * 1024)}`;

/** The estimate the loop's context would give: every message's characters at 3.5 a token. */
const estimate = (messages: ChatMessage[], fixedTokens: number) =>
  fixedTokens + Math.ceil(messages.reduce((sum, message) => sum + JSON.stringify(message).length, 0) / 3.5);

function find(
  messages: ChatMessage[],
  contextWindowTokens: number,
  fixedTokens = 2_000,
  replies: string[] = [],
) {
  return findOversizedMessage({
    messages,
    estimatedTokens: estimate(messages, fixedTokens),
    fixedTokens,
    contextWindowTokens,
    replies: () => replies,
  });
}

describe('token estimates of a message', () => {
  it('counts ASCII at 3.5 characters a token and other scripts by their width', () => {
    expect(textTokens('a'.repeat(3_500))).toBe(1_000);
    expect(textTokens('語'.repeat(1_000))).toBe(1_000);
    expect(textTokens('ж'.repeat(1_000))).toBe(500);
    expect(textTokens('🐦'.repeat(100))).toBe(200);
  });

  it('measures a message once (the context never changes a message it holds)', () => {
    const message = user('a'.repeat(35_000));
    expect(messageTokens(message)).toBe(10_004);
    message.content = 'short';
    expect(messageTokens(message)).toBe(10_004);
  });
});

describe('a request too large because of one message', () => {
  it('names an old 5 MB message in a 16k window: its tokens, characters, the window and a file as the way out', () => {
    const found = find([system, user(FIVE_MB), user('Any news?')], 16_384);
    expect(found).not.toBeNull();
    expect(found?.characters).toBe(FIVE_MB.length);
    expect(found?.tokens).toBe(Math.ceil(FIVE_MB.length / 3.5) + 4);
    const text = oversizedMessageText(found!, 16_384, 2_000);
    expect(text).toBe(
      `Nothing was sent to the model: one message is too long for its context window. A message starting “Lorem ipsum dolor sit amet, consectetur adipiscing elit. xx…” is about ${found?.tokens.toLocaleString('en-US')} tokens (5,242,937 characters), and this model's context window is 16,384 tokens, of which Sandpiper's instructions and tools take about 2,000. Send long text as a file instead: in a new conversation, paste it into the message box (a paste over 16 KB becomes an attached file, which the agent reads with its file tools), or shorten it. This conversation keeps the message, so with this model it cannot go on.`,
    );
    expect(text).not.toContain('-c');
  });

  it('names a message typed just under 16 KB to a 4k-window model, suggesting a .txt file or a wider window', () => {
    const typed = `Please check this: ${'lorem ipsum '.repeat(1_360)}`;
    expect(new TextEncoder().encode(typed).byteLength).toBeLessThan(16_384);
    const found = find([system, user(typed)], 4_096, 1_900);
    const text = oversizedMessageText(found!, 4_096, 1_900);
    expect(text).toContain('A message starting “Please check this: lorem ipsum');
    expect(text).toContain("this model's context window is 4,096 tokens");
    expect(text).toContain('attach it as a .txt file with the paperclip');
    expect(text).toMatch(
      /switch this conversation, in its header, to a provider whose window holds more than [\d,]+ tokens\.$/,
    );
    // The same message fits a 16k window.
    expect(find([system, user(typed)], 16_384, 1_900)).toBeNull();
  });

  it('counts a message in Chinese by its characters, not at 3.5 characters a token', () => {
    const chinese = '这是一段很长的中文文本。'.repeat(700);
    // At 3.5 characters a token it would look like 2,400 tokens and be sent, to be refused by the server.
    expect(estimate([system, user(chinese)], 1_900)).toBeLessThan(8_192);
    expect(find([system, user(chinese)], 8_192, 1_900)?.tokens).toBe(8_404);
  });

  it('refuses nothing that fits, and does not blame one message when many made the conversation long', () => {
    expect(find([system, user('Build a notes app')], 4_096, 1_900)).toBeNull();
    const many = Array.from({ length: 40 }, (_, index) => user(`${index} ${'y'.repeat(2_000)}`));
    const request = [system, ...many];
    expect(estimate(request, 1_900)).toBeGreaterThan(16_384);
    expect(find(request, 16_384, 1_900)).toBeNull();
  });

  it('blames a message taking more than half the room once the request is over the window', () => {
    const big = user(`Big: ${'z'.repeat(28_000)}`);
    const others = Array.from({ length: 15 }, (_, index) => user(`${index} ${'y'.repeat(2_000)}`));
    expect(find([system, big, ...others], 16_384, 2_000)?.message).toBe(big);
    // Under half the room it is not the cause.
    const medium = user(`Medium: ${'z'.repeat(20_000)}`);
    const more = Array.from({ length: 20 }, (_, index) => user(`${index} ${'y'.repeat(2_000)}`));
    expect(find([system, medium, ...more], 16_384, 2_000)).toBeNull();
  });

  it('names the person’s reply to a question by its own words, wherever the model reads it', () => {
    const typed = `Here is the log you asked for:\n${'q'.repeat(80_000)}`;
    const runtimeLine: ChatMessage = {
      role: 'user',
      content: `[runtime] The runtime paused the task and asked the user: "Continue?". The user replied: ${JSON.stringify(typed)}`,
    };
    const result: ChatMessage = {
      role: 'tool',
      tool_call_id: 'c1',
      content: JSON.stringify({ content: typed, meta: { question: 'Paste the log', reply: typed } }),
    };
    for (const message of [runtimeLine, result]) {
      const found = find([system, message], 16_384, 2_000, ['Yes', typed]);
      expect(found?.source).toBe('reply');
      expect(found?.characters).toBe(typed.length);
      expect(oversizedMessageText(found!, 16_384, 2_000)).toContain(
        `Your reply to a question starting “Here is the log you asked for: ${'q'.repeat(28)}…” is about`,
      );
    }
  });

  it('says when the message is the agent’s own work, pointing to a wider window instead of a file', () => {
    const result: ChatMessage = {
      role: 'tool',
      tool_call_id: 'c1',
      content: `{"stdout":"${'r'.repeat(80_000)}"}`,
    };
    const found = find([system, result], 16_384, 2_000, ['Yes']);
    expect(found?.source).toBe('agent');
    const text = oversizedMessageText(found!, 16_384, 2_000);
    expect(text).toContain('An action\'s result starting “{"stdout":"rrr');
    expect(text).toMatch(
      /It comes from the agent's own work, not from text you sent\. Switch this conversation, in its header, to a provider whose window holds more than [\d,]+ tokens, or start a new conversation\.$/,
    );
    expect(text).not.toContain('paste it');
    const call: ChatMessage = {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c2', type: 'function', function: { name: 'file', arguments: 'w'.repeat(80_000) } }],
    };
    expect(oversizedMessageText(find([system, call], 16_384)!, 16_384, 2_000)).toContain(
      'A reply of the model starting “wwww',
    );
  });
});

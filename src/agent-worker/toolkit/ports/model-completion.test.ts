import { describe, expect, it } from 'vitest';
import type { ModelProvider, ModelRequest, ModelResult } from '../../llm/chat-messages.ts';
import { createModelCompletion } from './model-completion.ts';

const signal = new AbortController().signal;

function provider(result: ModelResult): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    respond: async (request) => {
      requests.push(request);
      return result;
    },
  };
}

const reply = (text: string, args?: string): ModelResult => ({
  type: 'response',
  text,
  toolCalls: args === undefined ? [] : [{ id: 'c1', name: 'structured_output', arguments: args }],
  usage: null,
  model: 'test-model',
});

describe('the completion port over the run’s provider', () => {
  it('sends a request that failed on something passing again, as the run’s policy says', async () => {
    const results: ModelResult[] = [
      { type: 'failure', kind: 'http', status: 503, message: 'Busy.', transient: true },
      reply('After a retry.'),
    ];
    let sent = 0;
    const flaky: ModelProvider = { respond: async () => results[sent++]! };
    const policy = { retries: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1_000, random: () => 0.5 };
    const never = new AbortController().signal;
    const port = createModelCompletion(flaky, [], { policy, giveUp: () => never });
    expect(await port.complete({ system: 'S', user: 'U' }, signal)).toEqual({
      text: 'After a retry.',
      model: 'test-model',
    });
    expect(sent).toBe(2);
    // Without retries, the failure is the answer.
    sent = 0;
    expect(await createModelCompletion(flaky).complete({ system: 'S', user: 'U' }, signal)).toEqual({
      error: 'The model request failed (http): Busy.',
    });
  });

  it('sends the system and user messages alone, with no tools, and returns the text', async () => {
    const fake = provider(reply('Plain answer.'));
    const port = createModelCompletion(fake);
    expect(await port.complete({ system: 'S', user: 'U' }, signal)).toEqual({
      text: 'Plain answer.',
      model: 'test-model',
    });
    expect(fake.requests[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'U' },
      ],
      tools: [],
      forced: null,
    });
  });

  it('forces one structured_output call whose parameters are the schema, and returns its arguments', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const fake = provider(reply('', '{"city":"Oslo"}'));
    const result = await createModelCompletion(fake).complete({ system: 'S', user: 'U', schema }, signal);
    expect(result).toEqual({ text: '{"city":"Oslo"}', model: 'test-model' });
    expect(fake.requests[0]?.forced).toEqual({ tool: 'structured_output', actionType: 'structured_output' });
    expect(fake.requests[0]?.tools[0]?.function.parameters).toEqual(schema);
    expect(fake.requests[0]?.calls[0]?.parameters).toEqual(schema);
  });

  it('wraps a schema whose root is not an object as {response}, and unwraps the answer', async () => {
    const fake = provider(reply('', '{"response":["a","b"]}'));
    const schema = { type: 'array', items: { type: 'string' } };
    const result = await createModelCompletion(fake).complete({ system: 'S', user: 'U', schema }, signal);
    expect(result).toEqual({ text: '["a","b"]', model: 'test-model' });
    expect(fake.requests[0]?.tools[0]?.function.parameters).toEqual({
      type: 'object',
      properties: { response: schema },
      required: ['response'],
    });
  });

  it('keeps the provider’s key out of a failure, and says when there is no provider', async () => {
    const fake = provider({ type: 'failure', kind: 'http', status: 401, message: 'Bad key sk-secret-123' });
    const result = await createModelCompletion(fake, ['sk-secret-123']).complete(
      { system: 'S', user: 'U' },
      signal,
    );
    expect(result).toEqual({ error: 'The model request failed (http): Bad key [redacted]' });
    expect(await createModelCompletion(null).complete({ system: 'S', user: 'U' }, signal)).toEqual({
      error: 'No model provider is available to this tool.',
    });
  });

  it('says when a structured answer is not JSON', async () => {
    const fake = provider(reply('I think Oslo.'));
    const result = await createModelCompletion(fake).complete(
      { system: 'S', user: 'U', schema: { type: 'object' } },
      signal,
    );
    expect(result).toEqual({ error: 'The model did not answer with JSON: I think Oslo.' });
  });
});

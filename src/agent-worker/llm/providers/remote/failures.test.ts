import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { describeFailure, retryAfterMsOf, templateRefusalOf, windowAdvice } from './failures.ts';

const live = new AbortController().signal;
const base = 'http://127.0.0.1:8080/v1';
const apiError = (status: number, message: string, headers: Record<string, string> = {}, body?: object) =>
  OpenAI.APIError.generate(status, body ?? { error: { message } }, message, new Headers(headers));

describe('describeFailure', () => {
  it('marks what may pass as transient: refused or reset connections, timeouts, 408/409/429/5xx', () => {
    const refused = new OpenAI.APIConnectionError({
      cause: new Error('connect ECONNREFUSED 127.0.0.1:8080'),
    });
    expect(describeFailure(refused, live, base)).toMatchObject({ kind: 'network', transient: true });
    expect(describeFailure(refused, live, base).message).toMatch(/ECONNREFUSED/);
    expect(describeFailure(new OpenAI.APIConnectionTimeoutError(), live, base)).toMatchObject({
      transient: true,
    });
    for (const status of [408, 409, 429, 500, 502, 503]) {
      expect(describeFailure(apiError(status, 'busy'), live, base)).toMatchObject({
        status,
        transient: true,
      });
    }
  });

  it('does not retry 400/401/403/404, and says which setting to fix', () => {
    const unauthorized = describeFailure(apiError(401, 'bad key'), live, base);
    expect(unauthorized.transient).toBeUndefined();
    expect(unauthorized.message).toMatch(/API key .*Settings → Providers/);
    expect(describeFailure(apiError(404, 'no such model'), live, base).message).toMatch(
      /Base URL .*model name/,
    );
    expect(describeFailure(apiError(400, 'bad'), live, base).transient).toBeUndefined();
  });

  it('reads Retry-After (seconds, a date, or retry-after-ms)', () => {
    const limited = describeFailure(apiError(429, 'slow down', { 'retry-after': '2' }), live, base);
    expect(limited).toMatchObject({ transient: true, retryAfterMs: 2_000 });
    expect(retryAfterMsOf(new Headers({ 'retry-after-ms': '1500' }))).toBe(1_500);
    expect(
      retryAfterMsOf(
        new Headers({ 'retry-after': 'Thu, 26 Nov 2026 12:00:10 GMT' }),
        Date.parse('Thu, 26 Nov 2026 12:00:00 GMT'),
      ),
    ).toBe(10_000);
    expect(retryAfterMsOf(new Headers({}))).toBeUndefined();
  });

  it('a window refusal names the window it has and asks for more than that', () => {
    const body = {
      error: {
        message: 'request exceeds the available context size',
        type: 'exceed_context_size_error',
        n_ctx: 8192,
      },
    };
    const failure = describeFailure(
      apiError(400, 'exceeds the available context size', {}, body),
      live,
      base,
    );
    expect(failure).toMatchObject({ status: 400, windowTokens: 8192 });
    expect(failure.message).toMatch(/8,192 tokens.*-c larger than its 8,192/);
    expect(windowAdvice()).toMatch(/16384 or more/);
  });
});

describe('templateRefusalOf', () => {
  const refusal = (message: string) =>
    templateRefusalOf({ type: 'failure', kind: 'http', status: 400, message });
  it('tells apart the ways a chat template refuses our messages (llama.cpp’s own words)', () => {
    expect(refusal('Conversation roles must alternate user/assistant/user/assistant/...')).toBe(
      'alternation',
    );
    expect(refusal('System role not supported')).toBe('system_role');
    expect(
      refusal('Error: Jinja Exception: Tool call IDs should be alphanumeric strings with length 9!'),
    ).toBe('tool_calls');
    expect(refusal('Unable to generate parser for this template. Jinja Exception: unknown')).toBe('template');
    expect(refusal('model not found')).toBeNull();
  });
});

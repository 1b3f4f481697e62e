import { describe, expect, it } from 'vitest';
import { serverMessage } from './server-message.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('serverMessage', () => {
  it("reads OpenAI's error shape and its variants", () => {
    expect(serverMessage(bytes('{"error":{"message":"Bad key.","type":"invalid_request_error"}}'))).toBe(
      'Bad key.',
    );
    expect(serverMessage(bytes('{"error":"model not found"}'))).toBe('model not found');
    expect(serverMessage(bytes('{"detail":"Not Found"}'))).toBe('Not Found');
  });

  it('falls back to the body as one line, without tags, cut short', () => {
    expect(serverMessage(bytes('<html><body><h1>502 Bad Gateway</h1></body></html>'))).toBe(
      '502 Bad Gateway',
    );
    expect(serverMessage(bytes('x'.repeat(1000)))).toHaveLength(301);
    expect(serverMessage(bytes(''))).toBe('');
  });
});

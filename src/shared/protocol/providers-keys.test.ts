import { describe, expect, it } from 'vitest';
import { missingKeyReason } from './providers.ts';

const profile = (baseUrl: string, apiKey = '', name = 'My provider') =>
  ({ kind: 'openai-compatible', name, baseUrl, apiKey }) as const;

describe('a provider without the key its server wants', () => {
  it('is refused by the server’s address, whatever the profile is called', () => {
    expect(missingKeyReason(profile('https://api.openai.com/v1'))).toMatch(
      /^“My provider” has no API key, and api\.openai\.com \(OpenAI\) answers nothing without one/,
    );
    expect(missingKeyReason(profile('https://openrouter.ai/api/v1/', '', 'Local llama'))).toMatch(
      /OpenRouter/,
    );
  });

  it('is not refused with a key, for a local or unknown server, or for the in-browser model', () => {
    expect(missingKeyReason(profile('https://api.openai.com/v1', 'sk-x'))).toBeNull();
    expect(missingKeyReason(profile('http://127.0.0.1:8080/v1'))).toBeNull();
    expect(missingKeyReason(profile('https://my-proxy.example/v1'))).toBeNull();
    expect(missingKeyReason(profile('not a url'))).toBeNull();
    expect(missingKeyReason({ ...profile('https://api.openai.com/v1'), kind: 'webllm' })).toBeNull();
  });
});

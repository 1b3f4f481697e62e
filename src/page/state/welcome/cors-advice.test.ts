// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { corsAdvice } from './cors-advice.ts';

const ORIGIN = 'https://sandpiper.example';

describe('corsAdvice', () => {
  it('gives Ollama its OLLAMA_ORIGINS with this app’s origin', () => {
    const advice = corsAdvice('Ollama', ORIGIN);
    expect(advice.command).toBe('OLLAMA_ORIGINS=https://sandpiper.example ollama serve');
    expect(advice.text).toMatch(/^If it is Ollama/);
  });

  it('points LM Studio at its Enable CORS setting', () => {
    const advice = corsAdvice('LM Studio', ORIGIN);
    expect(advice.text).toContain('“Enable CORS”');
    expect(advice.command).toBe('lms server start --cors');
  });

  it('gives llama-server its --cors-origins with this app’s origin', () => {
    expect(corsAdvice('llama.cpp', ORIGIN).command).toBe('--cors-origins https://sandpiper.example');
  });
});
